// `npm run build`: regenerates the Prisma client (the schema may have changed
// since install) and copies the API reference bundle (vendor-assets.mjs), then a production build of the app,
// with telemetry off.
import { spawnSync } from "node:child_process";

const generate = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (generate.status !== 0) process.exit(generate.status ?? 1);
await import("./vendor-assets.mjs");
const res = spawnSync("npx", ["next", "build"], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(res.status ?? 1);
