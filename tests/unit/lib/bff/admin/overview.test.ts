import { describe, expect, it } from "vitest";
import { receiverSideOf, type Tx } from "../../../../../lib/bff/admin/overview";

const tx = (over: Partial<Tx>): Tx => ({ status: "COMPLETED", type: "INCOMING", createdAt: "2026-11-29", ...over });

describe("the admin overview counts a payment between two customers once", () => {
  const receiverSide = receiverSideOf([{ umaAddress: "$Alice@example.com" }, { umaAddress: "$bob@example.com" }]);

  it("leaves out the receiver's side: incoming from a customer's UMA address, named after the sender", () => {
    expect(
      receiverSide(
        tx({
          source: { sourceType: "UMA_ADDRESS", umaAddress: "$alice@example.com" },
          counterpartyInformation: { FULL_NAME: "Alice Ledger" },
        }),
      ),
    ).toBe(true);
  });

  it("counts the sender's side and incoming payments from outside the platform", () => {
    const fromAlice = { sourceType: "UMA_ADDRESS", umaAddress: "$alice@example.com" };
    expect(receiverSide(tx({ type: "OUTGOING", source: fromAlice, counterpartyInformation: { FULL_NAME: "A" } }))).toBe(
      false,
    );
    // The sandbox's simulated incoming payment, even from a customer's address, names no counterparty.
    expect(receiverSide(tx({ source: fromAlice }))).toBe(false);
    expect(
      receiverSide(
        tx({
          source: { sourceType: "UMA_ADDRESS", umaAddress: "$carol@elsewhere.com" },
          counterpartyInformation: { FULL_NAME: "Carol" },
        }),
      ),
    ).toBe(false);
  });
});
