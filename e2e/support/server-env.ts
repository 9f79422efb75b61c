// Where the e2e fixtures (e2e/support/fixtures.ts and the specs) find the server: the
// MERIDIAN_E2E_* variables, set once here by whoever started it (the e2e global setup,
// bench/pages/first-visit.ts).
import type { TestServer } from "../../tests/support/server";

export function exportE2eServer(server: TestServer): void {
  process.env.MERIDIAN_E2E_ORIGIN = `http://localhost:${new URL(server.origin).port}`;
  process.env.MERIDIAN_E2E_API = server.baseUrl;
  process.env.MERIDIAN_E2E_OPERATOR_TOKEN = server.operatorToken;
  process.env.MERIDIAN_E2E_CLIENT_ID = server.clientId;
  process.env.MERIDIAN_E2E_CLIENT_SECRET = server.clientSecret;
  process.env.MERIDIAN_E2E_DATABASE_URL = server.databaseUrl;
}
