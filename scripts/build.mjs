// `npm run build`: a production build of the app, with telemetry off.
import { spawnSync } from "node:child_process";

const res = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
process.exit(res.status ?? 1);
