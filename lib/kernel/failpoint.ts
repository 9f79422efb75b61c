// Crash tests: when MERIDIAN_FAILPOINT names this point, the process dies at
// once (SIGKILL: no cleanup, no response), as a power cut would leave it.
// Refused in production.
import { env } from "../env";

export function failpoint(name: string): void {
  const e = env();
  if (e.MERIDIAN_FAILPOINT === name && e.MERIDIAN_ENVIRONMENT !== "production") process.kill(process.pid, "SIGKILL");
}
