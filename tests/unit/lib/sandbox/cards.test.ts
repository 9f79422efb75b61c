import { describe, expect, it } from "vitest";
import { authorizationSteer, issuanceSteer } from "@/lib/sandbox/cards";

describe("sandbox card suffixes", () => {
  it("steers authorizations by the descriptor's last three characters", () => {
    expect(authorizationSteer("AMAZON RETAIL US-002")).toEqual({
      kind: "DECLINE",
      declineReason: "INSUFFICIENT_FUNDS",
    });
    expect(authorizationSteer("SHOP 003")).toEqual({ kind: "DECLINE", declineReason: "CARD_PAUSED" });
    expect(authorizationSteer("TAXI 006")).toEqual({ kind: "APPROVE_EXCEPTION" });
    expect(authorizationSteer("SLOW ACQUIRER 005")).toEqual({ kind: "APPROVE_DELAYED_PULL" });
    expect(authorizationSteer("BLUE BOTTLE COFFEE SF")).toEqual({ kind: "APPROVE" });
    expect(authorizationSteer("002X")).toEqual({ kind: "APPROVE" });
  });

  it("steers issuance by the cardholder's platformCustomerId", () => {
    expect(issuanceSteer("emp-001")).toEqual({ kind: "STAY_PROCESSING" });
    expect(issuanceSteer("emp-002")).toEqual({ kind: "REJECT" });
    expect(issuanceSteer("emp-005")).toEqual({ kind: "ACTIVATE", delay: "SLOW" });
    expect(issuanceSteer("emp-042")).toEqual({ kind: "ACTIVATE", delay: "NORMAL" });
  });
});
