// The catalogue of every sandbox magic-value rule (GET /sandbox/rules): built
// from the tables where each rule lives, so it cannot drift from what the sandbox
// does. Each rule's id is the one the table's lookup notes (lib/sandbox/rule-trace.ts)
// and the API names in the Meridian-Sandbox-Rule header.
import { BENEFICIAL_OWNER_KYC_SUFFIX, BUSINESS_KYB_SUFFIX, INDIVIDUAL_KYC_TABLE, KYB_RULE_OUTCOME } from "./kyc";
import {
  ACH_LINK_METHOD_MISSING_SUFFIX,
  NAME_VERIFICATION,
  PROVIDER_LINK_FAILURES,
  PULL_PAYOUT_OUTCOMES,
  QUOTE_DESTINATION_OUTCOMES,
} from "./external-accounts";
import { UMA_RECEIVERS } from "./uma";
import { DESCRIPTOR_SUFFIXES, ISSUANCE_SUFFIXES } from "./cards";
import { SANDBOX_OTP_CODE, SANDBOX_SCA_CODE } from "./sca";
import { SANDBOX_DELAYS } from "./time";
import { LINK_CLIENT_ID_SUFFIX, OPERATION_AMOUNT_SUFFIX, TOKEN_SUFFIX_ISSUANCE } from "./stablecoins";

export interface SandboxRule {
  /** Stable id, also sent in the Meridian-Sandbox-Rule header when the rule decided an outcome. */
  id: string;
  /** What the rule is about: kyc, kyb, external-account, quote, uma, card, otp, stablecoin, time. */
  area: string;
  /** The input that carries the magic value, e.g. `fullName`. */
  field: string;
  /** How the value must look: `suffix 002`, `equals 123456`, `local part success.usd`. */
  match: string;
  /** What the sandbox does. */
  outcome: string;
}

const suffix = (s: string) => `suffix ${s}`;
const human = (s: string) => s.toLowerCase().replaceAll("_", " ");

function build(): SandboxRule[] {
  const rules: SandboxRule[] = [];
  for (const [s, row] of Object.entries(INDIVIDUAL_KYC_TABLE))
    rules.push({
      id: `kyc.individual.${s}`,
      area: "kyc",
      field: "fullName (individual customer)",
      match: suffix(s),
      outcome:
        `kycStatus ${row.kycStatus} where verification paperwork is skipped; a complete packet gives ` +
        `verification ${row.complete.verificationStatus}, kycStatus ${row.complete.kycStatus}`,
    });
  for (const [s, rule] of Object.entries(BUSINESS_KYB_SUFFIX))
    rules.push({
      id: `kyb.business.${s}`,
      area: "kyb",
      field: "businessInfo.registrationNumber",
      match: suffix(s),
      outcome:
        rule === "COLLECT_DOCUMENTS"
          ? "documents and beneficial owners are collected and validated; a complete packet is APPROVED"
          : `verification ${KYB_RULE_OUTCOME[rule].verificationStatus}, kybStatus ${KYB_RULE_OUTCOME[rule].kybStatus}`,
    });
  for (const [s, status] of Object.entries(BENEFICIAL_OWNER_KYC_SUFFIX))
    rules.push({
      id: `kyc.beneficial-owner.${s}`,
      area: "kyc",
      field: "beneficial owner lastName",
      match: suffix(s),
      outcome: `owner kycStatus ${status} when the business resolves`,
    });
  for (const [s, status] of Object.entries(NAME_VERIFICATION))
    rules.push({
      id: `external-account.name-verification.${s}`,
      area: "external-account",
      field: "account identifier (account number, IBAN, CLABE, address ...)",
      match: suffix(s),
      outcome:
        status === "INVALID"
          ? "creation refused: 400 INVALID_BANK_ACCOUNT"
          : `beneficiary verification ${status} at creation`,
    });
  for (const [s, o] of Object.entries(PULL_PAYOUT_OUTCOMES))
    rules.push({
      id: `external-account.pull-payout.${s}`,
      area: "external-account",
      field: "account identifier, as the source of a pull or the destination of a payout",
      match: suffix(s),
      outcome:
        `${o.description}: ` +
        `${o.kind === "pending-then-fail" ? "PENDING, then FAILED" : "FAILED"} ` +
        `(${o.failureReason})`,
    });
  for (const [s, o] of Object.entries(QUOTE_DESTINATION_OUTCOMES))
    rules.push({
      id: `quote.destination.${s}`,
      area: "quote",
      field: "destination account identifier of an executed quote",
      match: suffix(s),
      outcome: o.failureReason ? `${o.description} (${o.failureReason})` : o.description,
    });
  for (const [s, f] of Object.entries(PROVIDER_LINK_FAILURES))
    rules.push({
      id: `external-account.provider-link.${s}`,
      area: "stablecoin",
      field: "account identifier, linked with the stablecoin provider on first use",
      match: suffix(s),
      outcome: `${f.reason} (${f.code})`,
    });
  rules.push({
    id: `external-account.ach-debit.${ACH_LINK_METHOD_MISSING_SUFFIX}`,
    area: "stablecoin",
    field: "account identifier of an ACH debit source",
    match: suffix(ACH_LINK_METHOD_MISSING_SUFFIX),
    outcome: "no debit authorization at the provider: the mint is refused",
  });
  for (const [local, u] of Object.entries(UMA_RECEIVERS))
    rules.push({
      id: `uma.receiver.${local}`,
      area: "uma",
      field: "receiver UMA address $<scenario>@<sandbox domain>",
      match: `local part ${local}`,
      outcome:
        u.kind === "fail"
          ? `payments in ${u.currency} fail (${u.failureReason})`
          : `payments in ${u.currency} ` +
            `${u.kind === "long-success" ? "stay pending a long time, then complete" : "complete"}`,
    });
  for (const [s, steer] of Object.entries(DESCRIPTOR_SUFFIXES))
    rules.push({
      id: `card.descriptor.${s}`,
      area: "card",
      field: "merchant.descriptor of a simulated authorization",
      match: suffix(s),
      outcome:
        steer.kind === "DECLINE"
          ? `declined (${steer.declineReason})`
          : steer.kind === "APPROVE_DELAYED_PULL"
            ? "approved; the pull on the funding source stays pending about 30 s"
            : steer.kind === "APPROVE_EXCEPTION"
              ? "the pull succeeds but the transaction lands in EXCEPTION"
              : "approved",
    });
  for (const [s, steer] of Object.entries(ISSUANCE_SUFFIXES))
    rules.push({
      id: `card.issuance.${s}`,
      area: "card",
      field: "cardholder platformCustomerId at POST /cards",
      match: suffix(s),
      outcome:
        steer.kind === "STAY_PROCESSING"
          ? "the card stays PROCESSING"
          : steer.kind === "REJECT"
            ? "the issuer rejects it: CLOSED with statusReason ISSUER_REJECTED"
            : "activates after about 30 s",
    });
  rules.push(
    {
      id: "otp.sca",
      area: "otp",
      field: "one-time code of contact verification, SCA and quote authorization",
      match: `equals ${SANDBOX_SCA_CODE}`,
      outcome: "accepted (email, SMS and TOTP); any other code is 401 UNAUTHORIZED",
    },
    {
      id: "otp.wallet",
      area: "otp",
      field: "embedded-wallet email/SMS OTP credential code",
      match: `equals ${SANDBOX_OTP_CODE}`,
      outcome: "accepted; any other code is 401 UNAUTHORIZED",
    },
  );
  for (const [s, o] of Object.entries(LINK_CLIENT_ID_SUFFIX))
    rules.push({
      id: `stablecoin.link${s.replace("_", ".")}`,
      area: "stablecoin",
      field: "apiClientId of provider credentials",
      match: `ends with ${s}`,
      outcome: "status" in o ? `credentials ${o.status}` : "code" in o ? `${o.reason} (${o.code})` : human(o.kind),
    });
  for (const [s, status] of Object.entries(TOKEN_SUFFIX_ISSUANCE))
    rules.push({
      id: `stablecoin.token.${s}`,
      area: "stablecoin",
      field: "providerTokenIdentifier",
      match: `ends with ${s}`,
      outcome: `issuance status ${status}`,
    });
  for (const [s, o] of Object.entries(OPERATION_AMOUNT_SUFFIX))
    rules.push({
      id: `stablecoin.operation-amount.${s}`,
      area: "stablecoin",
      field: "fiat amount (minor units) of a mint or burn",
      match: suffix(s),
      outcome: human(o),
    });
  for (const [name, ms] of Object.entries(SANDBOX_DELAYS))
    rules.push({
      id: `time.${name}`,
      area: "time",
      field: "timed sandbox outcome",
      match: `${ms / 1000} s of sandbox time`,
      outcome: "runs as a durable job, scaled by MERIDIAN_SANDBOX_TIME_SCALE and moved by POST /sandbox/clock/advance",
    });
  return rules;
}

export const SANDBOX_RULES: readonly SandboxRule[] = build();

/** The catalogue as a Markdown table, for the operation's description in the API reference. */
export function sandboxRulesMarkdown(): string {
  const rows = SANDBOX_RULES.map((r) => `| \`${r.id}\` | ${r.field} | ${r.match} | ${r.outcome} |`);
  return ["| Rule | Field | Match | Outcome |", "|---|---|---|---|", ...rows].join("\n");
}
