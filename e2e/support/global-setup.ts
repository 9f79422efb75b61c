// Starts one real Meridian (embedded PostgreSQL) for the e2e run. The app is
// served on localhost; the card vault origin is 127.0.0.1 on the same port.
import { startTestServer } from "../../tests/support/server";
import { exportE2eServer } from "./server-env";

export default async function globalSetup() {
  const server = await startTestServer("embedded");
  exportE2eServer(server);
  return async () => {
    await server.stop();
  };
}
