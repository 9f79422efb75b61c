// Vitest global setup for integration tests: one real server per run, on the
// database chosen by MERIDIAN_TEST_DB (embedded, the default, or external).
import type { TestProject } from "vitest/node";
import { startTestServer, type DbMode, type TestServer } from "./server";

/** Client secrets, access tokens and Luhn-valid card numbers must never reach the log. */
export function findSecretsInLogs(log: string): string[] {
  const secrets = log.match(/\b(msk|mat)_[A-Za-z0-9_-]{20,}/g) ?? [];
  const pans = (log.match(/\b\d{15,16}\b/g) ?? []).filter((n) => {
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  });
  return [...secrets, ...pans];
}

let server: TestServer | undefined;

export default async function setup(project: TestProject) {
  const mode = (process.env.MERIDIAN_TEST_DB ?? "embedded") as DbMode;
  server = await startTestServer(mode);
  project.provide("meridian", {
    baseUrl: server.baseUrl,
    origin: server.origin,
    databaseUrl: server.databaseUrl,
    operatorToken: server.operatorToken,
    clientId: server.clientId,
    clientSecret: server.clientSecret,
    mode,
  });
  return async () => {
    const code = await server?.stop();
    if (code !== 0)
      throw new Error(`the Meridian test server exited with code ${code}; its output:\n${server?.logs()}`);
    const leaks = findSecretsInLogs(server?.logs() ?? "");
    if (leaks.length)
      throw new Error(`secrets appeared in the server log: ${leaks.map((l) => l.slice(0, 12) + "...").join(", ")}`);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    meridian: {
      baseUrl: string;
      origin: string;
      databaseUrl: string;
      operatorToken: string;
      clientId: string;
      clientSecret: string;
      mode: DbMode;
    };
  }
}
