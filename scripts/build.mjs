// `npm run build`: regenerates the Prisma client (the schema may have changed
// since install), copies the explorer's bundle (vendor-assets.mjs), renders the API reference with Redoc
// (api-reference.mjs), then a production build of the app,
// with telemetry off, then a brotli and a gzip copy of each static file (precompress.mjs).
import { spawnSync } from "node:child_process";

const generate = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (generate.status !== 0) process.exit(generate.status ?? 1);
await import("./vendor-assets.mjs");
const reference = spawnSync(process.execPath, ["scripts/api-reference.mjs"], { stdio: "inherit" });
if (reference.status !== 0) process.exit(reference.status ?? 1);
const res = spawnSync("npx", ["next", "build"], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (res.status !== 0) process.exit(res.status ?? 1);
await import("./precompress.mjs");
