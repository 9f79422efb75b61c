// The admin console's words for sandbox faults, and the way back from a listed fault to what PUT takes.
import { describe, expect, it } from "vitest";
import {
  faultEffect,
  faultFrequency,
  faultScope,
  faultSettingOf,
  type FaultEntry,
} from "../../../../lib/browser/faults";

const entry = (f: Partial<FaultEntry> & Pick<FaultEntry, "type">): FaultEntry => ({
  id: "SandboxFault:1",
  operationId: "*",
  createdAt: "2026-11-28T12:00:00.000Z",
  ...f,
});
const names = (id: string) => ({ createQuote: "Create a quote" })[id] ?? "?";

describe("sandbox fault wording", () => {
  it("says what each kind does, without codes", () => {
    expect(faultEffect(entry({ type: "ERROR", status: 503 }))).toBe("Answers that the service is unavailable (503)");
    expect(faultEffect(entry({ type: "ERROR", status: 500 }))).toBe("Answers with an internal server error (500)");
    expect(faultEffect(entry({ type: "LATENCY", latencyMs: 300 }))).toBe("Waits 300 ms before answering");
    expect(faultEffect(entry({ type: "RATE_LIMIT", retryAfterSeconds: 1 }))).toContain("retry after 1 second");
    expect(faultEffect(entry({ type: "WEBHOOK_DELAY", delaySeconds: 60 }))).toContain("60 seconds");
  });

  it("names the calls by the operation's summary, and webhooks as such", () => {
    expect(faultScope(entry({ type: "ERROR" }), names)).toBe("Every API call");
    expect(faultScope(entry({ type: "ERROR", operationId: "createQuote" }), names)).toBe("Create a quote");
    expect(faultScope(entry({ type: "WEBHOOK_DROP", operationId: "webhooks" }), names)).toBe("Webhook deliveries");
  });

  it("says how often", () => {
    expect(faultFrequency({ rate: 1 })).toBe("Every time");
    expect(faultFrequency({ rate: 0.25 })).toBe("25 % of the time");
    expect(faultFrequency({ remaining: 1 })).toBe("The next call");
    expect(faultFrequency({ remaining: 3 })).toBe("The next 3 calls");
    expect(faultFrequency({ remaining: 0 })).toBe("Used up");
  });

  it("sets a listed fault again as it stands", () => {
    expect(faultSettingOf(entry({ type: "ERROR", operationId: "createQuote", status: 503, remaining: 2 }))).toEqual({
      type: "ERROR",
      operationId: "createQuote",
      status: 503,
      count: 2,
    });
    expect(
      faultSettingOf(entry({ type: "WEBHOOK_DELAY", operationId: "webhooks", delaySeconds: 5, rate: 0.5 })),
    ).toEqual({ type: "WEBHOOK_DELAY", delaySeconds: 5, rate: 0.5 });
    expect(faultSettingOf(entry({ type: "LATENCY", latencyMs: 10, rate: 1 }))).toEqual({
      type: "LATENCY",
      operationId: "*",
      latencyMs: 10,
      rate: 1,
    });
  });
});
