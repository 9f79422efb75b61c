// The admin console's words for sandbox faults (GET/PUT /sandbox/faults,
// docs/sandbox.md "Fault injection"): what a fault does, where and how often, in
// sentences instead of the API's kinds and operationIds, and the way back from a
// listed fault to the input PUT takes (the page sends the whole list on each change).
// No server-only imports: the client form uses the same words.

/** A fault as GET /sandbox/faults lists it. */
export interface FaultEntry {
  id: string;
  operationId: string;
  type: FaultKind;
  status?: number;
  latencyMs?: number;
  retryAfterSeconds?: number;
  delaySeconds?: number;
  rate?: number;
  remaining?: number;
  createdAt: string;
}

/** A fault as PUT /sandbox/faults takes it. */
export interface FaultSetting {
  operationId?: string;
  type: FaultKind;
  status?: 500 | 503;
  latencyMs?: number;
  retryAfterSeconds?: number;
  delaySeconds?: number;
  rate?: number;
  count?: number;
}

export type FaultKind = "LATENCY" | "ERROR" | "RATE_LIMIT" | "WEBHOOK_DROP" | "WEBHOOK_DELAY";

export const FAULT_KINDS: { kind: FaultKind; label: string }[] = [
  { kind: "LATENCY", label: "Answer slowly" },
  { kind: "ERROR", label: "Answer with a server error" },
  { kind: "RATE_LIMIT", label: "Answer “too many requests”" },
  { kind: "WEBHOOK_DROP", label: "Lose webhook deliveries" },
  { kind: "WEBHOOK_DELAY", label: "Hold webhook deliveries back" },
];

export const isWebhookKind = (kind: FaultKind) => kind === "WEBHOOK_DROP" || kind === "WEBHOOK_DELAY";

const seconds = (n: number) => (n === 1 ? "1 second" : `${n} seconds`);
const calls = (n: number) => (n === 1 ? "call" : `${n} calls`);

/** What the fault does, as a sentence. */
export function faultEffect(
  f: Pick<FaultEntry, "type" | "status" | "latencyMs" | "retryAfterSeconds" | "delaySeconds">,
) {
  switch (f.type) {
    case "LATENCY":
      return `Waits ${f.latencyMs ?? 0} ms before answering`;
    case "ERROR":
      return f.status === 503
        ? "Answers that the service is unavailable (503)"
        : "Answers with an internal server error (500)";
    case "RATE_LIMIT":
      return `Answers “too many requests” (429), asking to retry after ${seconds(f.retryAfterSeconds ?? 1)}`;
    case "WEBHOOK_DROP":
      return "Loses webhook deliveries: they are retried later, as after a network failure";
    case "WEBHOOK_DELAY":
      return `Holds each new webhook back ${seconds(f.delaySeconds ?? 0)} before its first delivery`;
  }
}

/** Which calls the fault applies to; `operationName` turns an operationId into the operation's summary. */
export function faultScope(f: Pick<FaultEntry, "type" | "operationId">, operationName: (id: string) => string) {
  if (isWebhookKind(f.type)) return "Webhook deliveries";
  return f.operationId === "*" ? "Every API call" : operationName(f.operationId);
}

/** How often it fires. */
export function faultFrequency(f: Pick<FaultEntry, "rate" | "remaining">) {
  if (f.remaining !== undefined) return f.remaining === 0 ? "Used up" : `The next ${calls(f.remaining)}`;
  const rate = f.rate ?? 1;
  return rate >= 1 ? "Every time" : `${Math.round(rate * 1000) / 10} % of the time`;
}

/** The input that sets this fault again as it stands (a count fault keeps the calls it has left). */
export function faultSettingOf(f: FaultEntry): FaultSetting {
  const s: FaultSetting = { type: f.type };
  if (!isWebhookKind(f.type)) s.operationId = f.operationId;
  if (f.type === "ERROR" && (f.status === 500 || f.status === 503)) s.status = f.status;
  if (f.type === "LATENCY") s.latencyMs = f.latencyMs;
  if (f.type === "RATE_LIMIT") s.retryAfterSeconds = f.retryAfterSeconds;
  if (f.type === "WEBHOOK_DELAY") s.delaySeconds = f.delaySeconds;
  if (f.remaining !== undefined) s.count = f.remaining;
  else s.rate = f.rate ?? 1;
  return s;
}
