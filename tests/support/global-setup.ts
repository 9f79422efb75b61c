// Vitest global setup for integration tests: one real server per run, on the
// database chosen by MERIDIAN_TEST_DB (embedded, the default, or external).
import type { TestProject } from "vitest/node";
import { startTestServer, type DbMode, type TestServer } from "./server";

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
    if (code !== 0) throw new Error(`the Meridian test server exited with code ${code}; its output:\n${server?.logs()}`);
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
