// Deterministic crash points for the crash-safety tests (docs/adr-006). Set
// MERIDIAN_FAILPOINTS=name:action[,name:action] when starting a server; actions:
// "kill" (the process SIGKILLs itself) or "stop" (it SIGSTOPs itself until a
// SIGCONT). Each point fires once per process. Read once at start, and never in
// production; unset (every deployment), failpoint() is one size check.
export type FailpointName =
  | "idempotency-after-reserve"
  | "idempotency-before-outcome"
  | "money-batch-after-commit"
  | "quote-executed"
  | "agent-action-approved"
  | "bulk-import-row-created"
  // A signed retry's claim or its commit, per wallet action (e.g. signed-retry:claimed:session.refresh).
  | `signed-retry:${"claimed" | "committed"}:${string}`;

const ACTIONS = new Set(["kill", "stop"]);

function parse(spec: string | undefined): Map<string, string> {
  const points = new Map<string, string>();
  for (const part of (spec ?? "").split(",")) {
    // The action follows the last colon: a point's own name may hold colons.
    const at = part.trim().lastIndexOf(":");
    const [name, action] = [part.trim().slice(0, at), part.trim().slice(at + 1)];
    if (at > 0 && ACTIONS.has(action)) points.set(name, action);
  }
  return points;
}

const armed = parse(process.env.MERIDIAN_ENVIRONMENT === "production" ? undefined : process.env.MERIDIAN_FAILPOINTS);

/** Fires the failpoint `name` if armed (once); `when` narrows it to the calls it is meant for. */
export function failpoint(name: FailpointName, when = true): void {
  if (armed.size === 0 || !when) return;
  const action = armed.get(name);
  if (!action) return;
  armed.delete(name);
  process.kill(process.pid, action === "kill" ? "SIGKILL" : "SIGSTOP");
}
