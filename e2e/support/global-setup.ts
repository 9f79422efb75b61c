// Starts one real Meridian (embedded PostgreSQL) for the e2e run. The app is
// served on localhost; the card vault origin is 127.0.0.1 on the same port.
import { startTestServer } from "../../tests/support/server";

export default async function globalSetup() {
  const server = await startTestServer("embedded");
  const port = new URL(server.origin).port;
  process.env.MERIDIAN_E2E_ORIGIN = `http://localhost:${port}`;
  process.env.MERIDIAN_E2E_API = server.baseUrl;
  process.env.MERIDIAN_E2E_OPERATOR_TOKEN = server.operatorToken;
  process.env.MERIDIAN_E2E_CLIENT_ID = server.clientId;
  process.env.MERIDIAN_E2E_CLIENT_SECRET = server.clientSecret;
  process.env.MERIDIAN_E2E_DATABASE_URL = server.databaseUrl;
  return async () => {
    await server.stop();
  };
}
