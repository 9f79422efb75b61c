// Which sandbox rules steered the request being answered. The lookup functions of
// the sandbox tables note the rule they matched; the API handler runs each
// operation inside traceSandboxRules and names the rules in the
// Meridian-Sandbox-Rule response header. Outcomes a job decides later carry the
// rules on: a job enqueued inside a trace keeps the rules noted so far in its payload
// (lib/jobs/queue.ts), the worker runs it inside a trace that starts from them, and a
// webhook's delivery job so made names them in its Meridian-Sandbox-Rule header
// (lib/webhooks/deliver.ts). Outside a trace (scripts) noting is a no-op.
import { AsyncLocalStorage } from "node:async_hooks";

const trace = new AsyncLocalStorage<Set<string>>();

/** Records that the rule with this catalogue id (lib/sandbox/rules.ts) decided an outcome. */
export function noteSandboxRule(ruleId: string): void {
  trace.getStore()?.add(ruleId);
}

/** The payload field where a job keeps the rules that steered the request or job that enqueued it. */
export const JOB_RULES_FIELD = "sandboxRules";

/** The rules noted so far in the current trace (none outside one). */
export function notedSandboxRules(): string[] {
  const seen = trace.getStore();
  return seen ? [...seen] : [];
}

/** The rule ids a job's payload carries (see JOB_RULES_FIELD); anything else there is ignored. */
export function jobSandboxRules(payload: Record<string, unknown>): string[] {
  const rules = payload[JOB_RULES_FIELD];
  return Array.isArray(rules) ? rules.filter((r): r is string => typeof r === "string") : [];
}

/**
 * Runs fn; `done` receives the ids of the rules fn matched, in the order they matched, whether fn returns or
 * throws (a rule can steer a refusal too).
 */
export async function traceSandboxRules<T>(
  fn: () => Promise<T>,
  done: (rules: string[]) => void,
  initial: Iterable<string> = [],
): Promise<T> {
  const seen = new Set<string>(initial);
  try {
    return await trace.run(seen, fn);
  } finally {
    done([...seen]);
  }
}
