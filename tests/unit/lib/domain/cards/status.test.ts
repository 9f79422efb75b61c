import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CARD_STATUSES,
  FINAL_STATUSES,
  REQUESTABLE_STATUSES,
  decideMutation,
  isFinalCardStatus,
  requestableMoves,
} from "@/lib/domain/cards/status";

describe("card status table", () => {
  it("allows exactly ACTIVE<->FROZEN and ACTIVE|FROZEN->CLOSED", () => {
    const allowed: string[] = [];
    for (const from of CARD_STATUSES)
      for (const to of REQUESTABLE_STATUSES) if (decideMutation(from, to).ok) allowed.push(`${from}->${to}`);
    expect(allowed.sort()).toEqual(["ACTIVE->CLOSED", "ACTIVE->FROZEN", "FROZEN->ACTIVE", "FROZEN->CLOSED"]);
  });

  it("refuses a move to a status no request reaches (PROCESSING) as INVALID_STATE_TRANSITION", () => {
    for (const from of ["ACTIVE", "FROZEN", "PROCESSING"] as const)
      expect(decideMutation(from, "PROCESSING")).toMatchObject({ ok: false, code: "INVALID_STATE_TRANSITION" });
  });

  it("answers the spec's error for every refused move", () => {
    expect(decideMutation("CLOSED", "CLOSED")).toMatchObject({ ok: false, code: "CARD_ALREADY_CLOSED" });
    expect(decideMutation("CLOSED", "ACTIVE")).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    expect(decideMutation("CLOSED", "FROZEN")).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    expect(decideMutation("CLOSED", undefined)).toMatchObject({ ok: false, code: "CARD_NOT_MUTABLE" });
    for (const [from, to] of [
      ["ACTIVE", "ACTIVE"],
      ["FROZEN", "FROZEN"],
      ["PROCESSING", "ACTIVE"],
      ["PROCESSING", "FROZEN"],
      ["PROCESSING", "CLOSED"],
    ] as const) {
      expect(decideMutation(from, to)).toMatchObject({ ok: false, code: "INVALID_STATE_TRANSITION" });
    }
    expect(decideMutation("PROCESSING", undefined)).toEqual({ ok: true });
  });
});

describe("derived from the table", () => {
  it("offers each status exactly the moves the table allows, and only CLOSED is final", () => {
    expect(requestableMoves("ACTIVE")).toEqual(["FROZEN", "CLOSED"]);
    expect(requestableMoves("FROZEN")).toEqual(["ACTIVE", "CLOSED"]);
    expect(requestableMoves("PROCESSING")).toEqual([]);
    expect(requestableMoves("CLOSED")).toEqual([]);
    expect(FINAL_STATUSES).toEqual(["CLOSED"]);
    expect(CARD_STATUSES.filter(isFinalCardStatus)).toEqual(["CLOSED"]);
  });

  it("no page, BFF route or domain file restates the card statuses or their moves", () => {
    const files = execFileSync("git", ["ls-files", "app", "components", "lib"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.tsx?$/.test(f) && f !== "lib/domain/cards/status.ts");
    const restated = files.filter((f) => {
      const src = readFileSync(f, "utf8");
      return /"PROCESSING" \| "ACTIVE" \| "FROZEN"|\["ACTIVE", "FROZEN", "CLOSED"\]|status === "CLOSED"|status <> 'CLOSED'/.test(
        src,
      );
    });
    expect(restated).toEqual([]);
  });
});
