import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  achDebitAuthorizationMissing,
  nameVerificationFor,
  providerLinkFailureFor,
  pullPayoutOutcomeFor,
  quoteDestinationOutcomeFor,
} from "../../../../lib/sandbox/external-accounts";
import { sandboxSuffix } from "../../../../lib/sandbox/suffix";
import { umaScenario } from "../../../../lib/sandbox/uma";
import { canTransition, quoteStatusOf } from "../../../../lib/domain/transactions/status";

describe("sandbox money tables", () => {
  it("takes the suffix before any domain part", () => {
    expect(sandboxSuffix("alice002@bank.example")).toBe("002");
    expect(sandboxSuffix("DE89370400440532013005")).toBe("005");
    expect(sandboxSuffix("  Jane Doe 002 ")).toBe("002");
    expect(sandboxSuffix(undefined)).toBe("");
  });
  it("links with the stablecoin provider by the same suffix (2xx)", () => {
    expect(["201", "202", "203", "205", "204", "001"].map((s) => providerLinkFailureFor(`acct${s}`)?.code)).toEqual([
      "STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED",
      "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED",
      "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED",
      "STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED",
      undefined,
      undefined,
    ]);
    expect(achDebitAuthorizationMissing("acct204")).toBe(true);
    expect(achDebitAuthorizationMissing("acct205")).toBe(false);
  });
  it("every sandbox magic value lives in lib/sandbox, never in the domain", () => {
    const domain = execFileSync("git", ["ls-files", "lib/domain"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => f.endsWith(".ts"));
    const offenders = domain.filter((f) =>
      /"000000"|"123456"|SUFFIX\w* = |lastThree|slice\(-3\)/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
  it("maps every spec row", () => {
    expect(["102", "103", "104", "105", "106", "107", "101"].map((s) => nameVerificationFor(`x${s}`))).toEqual([
      "NOT_MATCHED",
      "PARTIAL_MATCH",
      "PENDING",
      "INVALID",
      "UNSUPPORTED",
      "CHECKED_BY_RECEIVING_FI",
      "MATCHED",
    ]);
    expect(["002", "003", "004", "005", "001"].map((s) => pullPayoutOutcomeFor(s).kind)).toEqual([
      "fail",
      "fail",
      "fail",
      "pending-then-fail",
      "succeed",
    ]);
    expect(["002", "003", "004", "005", "006", "007", "008"].map((s) => quoteDestinationOutcomeFor(s).kind)).toEqual([
      "fail",
      "long-success",
      "fail",
      "return",
      "fail",
      "fail",
      "succeed",
    ]);
    expect(quoteDestinationOutcomeFor("007").refundFails).toBe(true);
    expect(umaScenario("$fail.compliance.usd@sandbox.example")?.kind).toBe("fail");
    expect(umaScenario("$someone@sandbox.example")).toBeUndefined();
  });
  it("transaction transitions and derived quote status", () => {
    expect(canTransition("PROCESSING", "COMPLETED")).toBe(true);
    expect(canTransition("COMPLETED", "FAILED")).toBe(true);
    expect(canTransition("FAILED", "COMPLETED")).toBe(false);
    const past = new Date(Date.now() - 1000);
    expect(quoteStatusOf("PENDING", past, null)).toBe("EXPIRED");
    expect(quoteStatusOf("PROCESSING", past, "REJECTED")).toBe("FAILED");
  });
});
