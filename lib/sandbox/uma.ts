// Sandbox UMA receivers: the local part of $<scenario>@<domain> decides what
// happens to a payment sent to it (spec "UMA receivers").
import { noteSandboxRule } from "./rule-trace";

export interface UmaScenario {
  currency: string;
  kind: "succeed" | "long-success" | "fail";
  failureReason?: string;
}

export const UMA_RECEIVERS: Record<string, UmaScenario> = {
  "success.usd": { currency: "USD", kind: "succeed" },
  "success.eur": { currency: "EUR", kind: "succeed" },
  "success.mxn": { currency: "MXN", kind: "succeed" },
  "pending.long.usd": { currency: "USD", kind: "long-success" },
  "fail.compliance.usd": { currency: "USD", kind: "fail", failureReason: "COMPLIANCE_REJECTED" },
};

export const UMA_ADDRESS_RE = /^\$([a-zA-Z0-9._+-]{1,64})@([a-zA-Z0-9.-]+\.[a-zA-Z]{2,}|localhost)$/;

export function umaScenario(address: string): UmaScenario | undefined {
  const m = UMA_ADDRESS_RE.exec(address);
  const scenario = m ? UMA_RECEIVERS[m[1].toLowerCase()] : undefined;
  if (m && scenario) noteSandboxRule(`uma.receiver.${m[1].toLowerCase()}`);
  return scenario;
}
