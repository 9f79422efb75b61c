import { describe, expect, it } from "vitest";
import { CARD_STATUSES, REQUESTABLE_STATUSES, decideMutation } from "@/lib/domain/cards/status";

describe("card status table", () => {
  it("allows exactly ACTIVE<->FROZEN and ACTIVE|FROZEN->CLOSED", () => {
    const allowed: string[] = [];
    for (const from of CARD_STATUSES) for (const to of REQUESTABLE_STATUSES) if (decideMutation(from, to).ok) allowed.push(`${from}->${to}`);
    expect(allowed.sort()).toEqual(["ACTIVE->CLOSED", "ACTIVE->FROZEN", "FROZEN->ACTIVE", "FROZEN->CLOSED"]);
  });

  it("answers the spec's error for every refused move", () => {
    expect(decideMutation("CLOSED", "CLOSED")).toMatchObject({ ok: false, code: "CARD_ALREADY_CLOSED" });
    expect(decideMutation("CLOSED", "ACTIVE")).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    expect(decideMutation("CLOSED", "FROZEN")).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    expect(decideMutation("CLOSED", undefined)).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    for (const [from, to] of [["ACTIVE", "ACTIVE"], ["FROZEN", "FROZEN"], ["PROCESSING", "ACTIVE"], ["PROCESSING", "FROZEN"], ["PROCESSING", "CLOSED"]] as const) {
      expect(decideMutation(from, to)).toMatchObject({ ok: false, code: "INVALID_STATE_TRANSITION" });
    }
    expect(decideMutation("PROCESSING", undefined)).toEqual({ ok: true });
  });
});
