// The rule catalogue (GET /sandbox/rules) and the rule trace behind the Meridian-Sandbox-Rule header agree with the
// sandbox tables: every id a lookup notes is in the catalogue, and every table row is catalogued.
import { describe, expect, it } from "vitest";
import { SANDBOX_RULES, sandboxRulesMarkdown } from "@/lib/sandbox/rules";
import { traceSandboxRules } from "@/lib/sandbox/rule-trace";
import { beneficialOwnerKycOutcome, businessKybRule, individualKycRow, INDIVIDUAL_KYC_TABLE } from "@/lib/sandbox/kyc";
import {
  achDebitAuthorizationMissing,
  nameVerificationFor,
  providerLinkFailureFor,
  pullPayoutOutcomeFor,
  QUOTE_DESTINATION_OUTCOMES,
  quoteDestinationOutcomeFor,
} from "@/lib/sandbox/external-accounts";
import { authorizationSteer, DESCRIPTOR_SUFFIXES, issuanceSteer } from "@/lib/sandbox/cards";
import { umaScenario, UMA_RECEIVERS } from "@/lib/sandbox/uma";
import { linkOutcome, operationOutcome, tokenIssuance } from "@/lib/sandbox/stablecoins";

async function noted(fn: () => unknown): Promise<string[]> {
  let rules: string[] = [];
  await traceSandboxRules(
    async () => fn(),
    (r) => (rules = r),
  );
  return rules;
}

describe("sandbox rule catalogue", () => {
  const ids = new Set(SANDBOX_RULES.map((r) => r.id));

  it("has unique ids and a row per table entry", () => {
    expect(ids.size).toBe(SANDBOX_RULES.length);
    for (const s of Object.keys(INDIVIDUAL_KYC_TABLE)) expect(ids).toContain(`kyc.individual.${s}`);
    for (const s of Object.keys(QUOTE_DESTINATION_OUTCOMES)) expect(ids).toContain(`quote.destination.${s}`);
    for (const s of Object.keys(DESCRIPTOR_SUFFIXES)) expect(ids).toContain(`card.descriptor.${s}`);
    for (const s of Object.keys(UMA_RECEIVERS)) expect(ids).toContain(`uma.receiver.${s}`);
    expect(sandboxRulesMarkdown().split("\n")).toHaveLength(SANDBOX_RULES.length + 2);
  });

  it("notes, for each lookup, an id of the catalogue, and nothing for an ordinary value", async () => {
    const cases: [() => unknown, string][] = [
      [() => individualKycRow("Ann 003"), "kyc.individual.003"],
      [() => beneficialOwnerKycOutcome("Smith001"), "kyc.beneficial-owner.001"],
      [() => businessKybRule("REG-002"), "kyb.business.002"],
      [() => nameVerificationFor("5550000102"), "external-account.name-verification.102"],
      [() => pullPayoutOutcomeFor("5550000005"), "external-account.pull-payout.005"],
      [() => quoteDestinationOutcomeFor("5550000007"), "quote.destination.007"],
      [() => providerLinkFailureFor("5550000203"), "external-account.provider-link.203"],
      [() => achDebitAuthorizationMissing("5550000204"), "external-account.ach-debit.204"],
      [() => authorizationSteer("COFFEE 006"), "card.descriptor.006"],
      [() => issuanceSteer("holder-005"), "card.issuance.005"],
      [() => umaScenario("$Pending.Long.USD@sandbox.example"), "uma.receiver.pending.long.usd"],
      [() => linkOutcome("client_revoked"), "stablecoin.link.revoked"],
      [() => tokenIssuance("TOKEN_REVIEW"), "stablecoin.token.REVIEW"],
      [() => operationOutcome(1003n), "stablecoin.operation-amount.003"],
    ];
    for (const [lookup, id] of cases) {
      expect(await noted(lookup)).toEqual([id]);
      expect(ids).toContain(id);
    }
    expect(await noted(() => individualKycRow("Ada Lovelace"))).toEqual([]);
    expect(await noted(() => quoteDestinationOutcomeFor("1234567890"))).toEqual([]);
  });

  it("reports the rules of a refusal too, and notes nothing outside a trace", async () => {
    let rules: string[] = [];
    await expect(
      traceSandboxRules(
        async () => {
          nameVerificationFor("5550000105");
          throw new Error("refused");
        },
        (r) => (rules = r),
      ),
    ).rejects.toThrow("refused");
    expect(rules).toEqual(["external-account.name-verification.105"]);
    expect(() => authorizationSteer("X 002")).not.toThrow();
  });
});
