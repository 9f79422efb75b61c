// A fresh, migrated database beside the test server's, for tests whose plans or counters other test files' rows
// would disturb on the shared one. drop() removes it (afterAll).
import pg from "pg";
import { migrate } from "@/lib/db/migrate";

export async function isolatedDatabase(
  serverUrl: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `meridian_${label}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const owner = new pg.Client({ connectionString: serverUrl });
  await owner.connect();
  await owner.query(`CREATE DATABASE "${name}"`);
  const drop = async () => {
    await owner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await owner.end();
  };
  await migrate(url.toString());
  return { url: url.toString(), drop };
}
