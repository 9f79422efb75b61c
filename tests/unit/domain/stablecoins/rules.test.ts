import { describe, expect, it } from "vitest";
import { fiatAmountOf } from "@/lib/domain/stablecoins/amounts";
import {
  ENABLEMENT_MACHINE,
  ENABLEMENT_STATES,
  REQUESTABLE_FROM,
  operatorMayMove,
} from "@/lib/domain/stablecoins/status";
import { operationOutcome, linkOutcome, tokenIssuance } from "@/lib/sandbox/stablecoins";

describe("stablecoin amounts", () => {
  it("converts whole cents and refuses fractions of a cent", () => {
    expect(fiatAmountOf(1_000_000n, 6, 2)).toBe(100n);
    expect(fiatAmountOf(10_000n, 6, 2)).toBe(1n);
    expect(fiatAmountOf(10_001n, 6, 2)).toBeNull();
    expect(fiatAmountOf(5n, 2, 2)).toBe(5n);
    expect(fiatAmountOf(5n, 0, 2)).toBe(500n);
  });
});

describe("enablement machine", () => {
  it("is requestable only from NOT_ENABLED (and, as a no-op, PENDING_APPROVAL)", () => {
    expect(REQUESTABLE_FROM).toEqual(["NOT_ENABLED", "PENDING_APPROVAL"]);
    expect(ENABLEMENT_MACHINE.NOT_ENABLED.request).toBe("PENDING_APPROVAL");
    expect(ENABLEMENT_MACHINE.PENDING_APPROVAL.request).toBe("PENDING_APPROVAL");
  });
  it("lets the operator move only along its edges", () => {
    expect(operatorMayMove("PENDING_APPROVAL", "ENABLING")).toBe(true);
    expect(operatorMayMove("ENABLING", "ENABLED")).toBe(true);
    expect(operatorMayMove("ENABLED", "DISABLED")).toBe(true);
    expect(operatorMayMove("NOT_ENABLED", "ENABLED")).toBe(false);
    expect(operatorMayMove("ENABLED", "ENABLING")).toBe(false);
    for (const s of ENABLEMENT_STATES) expect(operatorMayMove(s, "NOT_ENABLED")).toBe(false);
  });
});

describe("sandbox stablecoin provider tables", () => {
  it("maps suffixes to outcomes", () => {
    expect(linkOutcome("abc_invalid")).toMatchObject({ status: "INVALID" });
    expect(linkOutcome("abc")).toMatchObject({ status: "ACTIVE" });
    expect(tokenIssuance("ACMEREVIEW")).toBe("PENDING_REVIEW");
    expect(tokenIssuance("ACME")).toBe("PROVISIONED");
    expect(operationOutcome(1002n)).toBe("PROVIDER_ERROR");
    expect(operationOutcome(3n)).toBe("FAILS");
    expect(operationOutcome(100n)).toBe("COMPLETES");
  });
});
