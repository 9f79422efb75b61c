// Generates the Prisma client without downloading Prisma's native schema engine,
// which this offline environment cannot fetch. `prisma generate` only needs the
// engine path to exist; migrations are plain SQL applied by lib/db/migrate.ts.
import { spawnSync } from "node:child_process";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const placeholder = join(mkdtempSync(join(tmpdir(), "meridian-prisma-")), "schema-engine");
writeFileSync(placeholder, "");
const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
if (result.status !== 0) {
  console.error("prisma generate failed: check prisma/schema.prisma, then run `npm run postinstall` again.");
  process.exit(result.status ?? 1);
}
