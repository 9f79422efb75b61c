// External account request and response schemas. accountInfo is ONE zod
// discriminated union on accountType built from the table in account-types.ts,
// so a bad body reports every invalid field of the chosen variant at once.
import "server-only";
import { z } from "zod";
import { Address, ApiId, CountryCode, DateOnly, Email, E164Phone, KnownCurrency } from "../common/schemas";
import { ACCOUNT_TYPES, PAYMENT_RAILS, type AccountField, type AccountTypeSpec } from "./account-types";
import type { BeneficiaryVerificationStatus } from "../../sandbox/external-accounts";

export const OWNERSHIP_TYPES = ["FIRST_PARTY", "THIRD_PARTY"] as const;
export const EXTERNAL_ACCOUNT_STATUSES = [
  "PENDING",
  "ACTIVE",
  "PENDING_OWNERSHIP_VERIFICATION",
  "UNVERIFIED",
  "UNDER_REVIEW",
  "INACTIVE",
] as const;
export type ExternalAccountStatus = (typeof EXTERNAL_ACCOUNT_STATUSES)[number];
/** The reference's BeneficiaryVerificationStatus (the sandbox's name check, lib/sandbox/external-accounts.ts). */
const BENEFICIARY_VERIFICATION_STATUSES = [
  "MATCHED",
  "PARTIAL_MATCH",
  "NOT_MATCHED",
  "UNSUPPORTED",
  "CHECKED_BY_RECEIVING_FI",
  "PENDING",
] as const satisfies readonly BeneficiaryVerificationStatus[];

const IndividualBase = {
  beneficiaryType: z.literal("INDIVIDUAL"),
  fullName: z.string().trim().min(1).max(255),
  address: Address,
  birthDate: DateOnly.optional(),
  nationality: CountryCode.optional(),
  countryOfResidence: CountryCode.optional(),
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
};

export const BusinessBeneficiary = z.object({
  beneficiaryType: z.literal("BUSINESS"),
  legalName: z.string().trim().min(1).max(255),
  registrationNumber: z.string().max(255).optional(),
  taxId: z.string().max(255).optional(),
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
  countryOfResidence: CountryCode.optional(),
  address: Address.optional(),
});

/** An individual beneficiary with this currency's extra required fields. */
function individualBeneficiary(required: string[]) {
  const shape: Record<string, z.ZodType> = { ...IndividualBase };
  for (const name of required) {
    const field = shape[name] as z.ZodOptional<z.ZodType> | undefined;
    if (field && "unwrap" in field) shape[name] = field.unwrap();
  }
  return z.object(shape);
}

export const WalletBeneficiary = z.discriminatedUnion("beneficiaryType", [
  z.object({ ...IndividualBase, address: Address.optional() }),
  BusinessBeneficiary,
]);

function fieldSchema(f: AccountField): z.ZodType {
  if (f.enum) {
    const e = z.enum(f.enum as [string, ...string[]]);
    return f.required ? e : e.optional();
  }
  let s = z.string();
  if (f.min !== undefined) s = s.min(f.min);
  else s = s.min(1);
  if (f.max !== undefined) s = s.max(f.max);
  else s = s.max(1024);
  if (f.pattern) s = s.regex(new RegExp(f.pattern), `Must match ${f.pattern}`);
  return f.required ? s : s.optional();
}

/**
 * Request-only accountInfo fields (see variantSchema), not shown on forms: countries of earlier clients (checked,
 * never stored) and platformAccountId where the reference's own examples put it (the account's platformAccountId).
 */
export const LEGACY_ACCOUNT_INFO_FIELDS = ["countries", "platformAccountId"] as const;

const PlatformAccountId = z.string().min(1).max(255);

/**
 * One accountInfo variant. As a request it also takes the request-only fields (LEGACY_ACCOUNT_INFO_FIELDS, and
 * paymentRails on a variant without rails, ignored); as a response it is what createExternalAccount stores and
 * serializeExternalAccount answers: the variant's fields, with paymentRails where the variant has rails.
 */
function variantSchema(t: AccountTypeSpec, io: "request" | "response" = "request") {
  const shape: Record<string, z.ZodType> = { accountType: z.literal(t.accountType) };
  // The reference's create examples send platformAccountId inside accountInfo (its schema has it beside accountInfo);
  // both places name the same thing, so both are accepted.
  if (io === "request") shape.platformAccountId = PlatformAccountId.optional();
  for (const f of t.fields) shape[f.name] = fieldSchema(f);
  const rails = PAYMENT_RAILS[t.accountType];
  if (rails)
    shape.paymentRails = z
      .array(z.enum(rails as [string, ...string[]]))
      .min(1)
      .optional();
  if (t.beneficiary === "required" || t.beneficiary === "optional") {
    const ben = z.discriminatedUnion("beneficiaryType", [
      individualBeneficiary(t.individualRequired),
      BusinessBeneficiary,
    ]);
    shape.beneficiary = t.beneficiary === "required" ? ben : ben.optional();
    // Clients generated from an earlier revision of this API version (the official SDK 0.7.0) send
    // countries (and paymentRails) on every fiat account: countries is checked and not stored (the
    // currency decides it); paymentRails is stored where the variant has rails, else ignored.
    if (io === "request") {
      shape.countries = z.array(CountryCode).min(1).max(10).optional();
      shape.paymentRails ??= z.array(z.string().min(1).max(32)).min(1).max(10).optional();
    }
  } else if (t.beneficiary === "wallet") {
    shape.beneficiary = WalletBeneficiary.optional();
  }
  let obj = z.object(shape);
  if (t.accountType === "LIGHTNING") {
    obj = obj.refine(
      (v: Record<string, unknown>) =>
        ["invoice", "bolt12", "lightningAddress"].filter((k) => v[k] !== undefined).length === 1,
      { message: "Exactly one of invoice, bolt12 or lightningAddress is required", path: ["invoice"] },
    );
  }
  if (t.accountType === "INR_ACCOUNT") {
    obj = obj.refine(
      (v: Record<string, unknown>) => v.vpa !== undefined || (v.accountNumber !== undefined && v.ifsc !== undefined),
      {
        message: "Give vpa (UPI) or accountNumber with ifsc (NEFT/RTGS)",
        path: ["vpa"],
      },
    );
  }
  return obj;
}

export const AccountInfoCreate = z.discriminatedUnion(
  "accountType",
  ACCOUNT_TYPES.map((t) => variantSchema(t)) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

/** accountInfo as answered: the stored variant (see variantSchema). */
const AccountInfoResponse = z.discriminatedUnion(
  "accountType",
  ACCOUNT_TYPES.map((t) => variantSchema(t, "response")) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<
  Record<string, unknown> & { accountType: string; beneficiary?: { fullName?: string; legalName?: string } }
>;

const ExternalAccountFields = {
  currency: KnownCurrency,
  platformAccountId: PlatformAccountId.optional(),
  ownershipType: z.enum(OWNERSHIP_TYPES).optional(),
  defaultUmaDepositAccount: z.boolean().optional(),
  accountInfo: AccountInfoCreate,
};

export const CustomerExternalAccountCreate = z.object({
  customerId: ApiId("Customer").optional(),
  ...ExternalAccountFields,
});
export type ExternalAccountCreate = z.infer<typeof CustomerExternalAccountCreate>;

export const PlatformExternalAccountCreate = z.object({
  ...ExternalAccountFields,
  defaultUmaDepositAccount: z.never().optional(),
});

export const ExternalAccountResponse = z.object({
  id: z.string(),
  customerId: z.string().optional(),
  status: z.enum(EXTERNAL_ACCOUNT_STATUSES),
  platformAccountId: z.string().optional(),
  ownershipType: z.enum(OWNERSHIP_TYPES).optional(),
  currency: z.string(),
  defaultUmaDepositAccount: z.boolean(),
  beneficiaryVerificationStatus: z.enum(BENEFICIARY_VERIFICATION_STATUSES).optional(),
  beneficiaryVerifiedData: z.object({ fullName: z.string() }).optional(),
  accountInfo: AccountInfoResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const OwnershipChallengeRequest = z.object({ method: z.enum(["WALLET_SIGNATURE", "LIVENESS"]) });
export const OwnershipVerifyRequest = z.object({
  signature: z.string().min(1).max(1024),
  signatureScheme: z.enum(["bip137", "electrum"]).optional(),
});

export const ExternalAccountListQuery = z.object({
  customerId: z.string().optional(),
  currency: z.string().optional(),
});
