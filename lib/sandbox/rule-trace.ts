// Which sandbox rules steered the request being answered. The lookup functions of
// the sandbox tables note the rule they matched; the API handler runs each
// operation inside traceSandboxRules and names the rules in the
// Meridian-Sandbox-Rule response header. Outside a trace (jobs, scripts) noting is
// a no-op.
import { AsyncLocalStorage } from "node:async_hooks";

const trace = new AsyncLocalStorage<Set<string>>();

/** Records that the rule with this catalogue id (lib/sandbox/rules.ts) decided an outcome. */
export function noteSandboxRule(ruleId: string): void {
  trace.getStore()?.add(ruleId);
}

/**
 * Runs fn; `done` receives the ids of the rules fn matched, in the order they matched, whether fn returns or
 * throws (a rule can steer a refusal too).
 */
export async function traceSandboxRules<T>(fn: () => Promise<T>, done: (rules: string[]) => void): Promise<T> {
  const seen = new Set<string>();
  try {
    return await trace.run(seen, fn);
  } finally {
    done([...seen]);
  }
}
