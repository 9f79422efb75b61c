// The payment webhook steps of a new transaction (reference lifecycle) and the transition table.
import { describe, expect, it } from "vitest";
import { FINAL_STATUSES, canTransition, creationPath } from "../../../../../lib/domain/transactions/status";
import { FINAL_STATUSES as UI_FINAL_STATUSES } from "../../../../../components/wallet/money-views";

describe("creationPath", () => {
  it.each([
    ["PENDING", {}, ["PENDING"]],
    ["PENDING_AUTHORIZATION", {}, ["PENDING", "PENDING_AUTHORIZATION"]],
    ["PROCESSING", {}, ["PENDING", "PROCESSING"]],
    ["COMPLETED", {}, ["PENDING", "PROCESSING", "COMPLETED"]],
    ["FAILED", {}, ["PENDING", "PROCESSING", "FAILED"]],
    ["FAILED", { fundingFailed: true }, ["PENDING", "FAILED"]],
    ["COMPLETED", { announced: true }, ["PROCESSING", "COMPLETED"]],
    ["FAILED", { announced: true, fundingFailed: true }, ["FAILED"]],
  ] as const)("%s %j → %j", (status, opts, steps) => {
    expect(creationPath(status, opts)).toEqual(steps);
  });

  it("every step is a transition the table allows, also after a wait for payment or authorization", () => {
    for (const status of ["PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED"] as const) {
      const path = creationPath(status);
      path.slice(1).forEach((to, i) => expect(canTransition(path[i], to), `${path[i]} → ${to}`).toBe(true));
      for (const waited of ["PENDING", "PENDING_AUTHORIZATION"] as const) {
        if (status !== "PENDING_AUTHORIZATION")
          expect(canTransition(waited, creationPath(status, { announced: true })[0]), `${waited} → ${status}`).toBe(
            true,
          );
      }
    }
  });
});

describe("FINAL_STATUSES", () => {
  it("are the statuses the table moves out of only by a return or refund, and the pages poll by them", () => {
    expect([...FINAL_STATUSES].sort()).toEqual(["COMPLETED", "EXPIRED", "FAILED", "REFUNDED", "REJECTED"]);
    expect([...UI_FINAL_STATUSES].sort()).toEqual([...FINAL_STATUSES].sort());
    for (const s of ["CREATED", "PENDING", "PENDING_AUTHORIZATION", "PROCESSING"])
      expect(FINAL_STATUSES).not.toContain(s);
  });
});
