// The response and request schemas that are also the served OpenAPI document carry the reference's enums exactly
// (issue 19: fields and enums), and what Meridian accepts follows: a value outside the reference's enum is refused.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { BusinessInfo, CustomerCreate, CustomerResponse, IdType } from "../../../../../lib/domain/customers/schemas";
import { ExternalAccountResponse } from "../../../../../lib/domain/external-accounts/schemas";
import { KycLinkResponse } from "../../../../../lib/domain/verifications/schemas";
import { StablecoinResponse } from "../../../../../lib/domain/stablecoins/schemas";
import {
  AuthSignedRetryChallengeResponse,
  SessionResponse,
  SignedRetryChallengeResponse,
} from "../../../../../lib/domain/wallet-auth/schemas";
import { reference } from "../../../../support/contract/reference";

const component = (name: string) => reference().doc.components.schemas[name] as { enum?: string[] };
const referenceEnum = (name: string) => [...(component(name).enum ?? [])].sort();
const options = (schema: z.ZodType) => {
  const def = (schema as unknown as { unwrap?: () => z.ZodType }).unwrap?.() ?? schema;
  return [...(def as unknown as { options: string[] }).options].sort();
};

describe("schemas carry the reference's enums", () => {
  // parsing the reference's YAML takes seconds on a loaded machine
  beforeAll(() => void reference(), 60_000);

  it("customers: idType is IdentificationType, businessInfo.entityType is EntityType", () => {
    expect(options(IdType)).toEqual(referenceEnum("IdentificationType"));
    expect(options(BusinessInfo.shape.entityType)).toEqual(referenceEnum("EntityType"));
  });

  it("external accounts: beneficiaryVerificationStatus, accountType (+ the spec's ILS/TRY/ARBITRUM), beneficiaryType", () => {
    const shape = ExternalAccountResponse.shape;
    expect(options(shape.beneficiaryVerificationStatus)).toEqual(referenceEnum("BeneficiaryVerificationStatus"));
    // accountInfo is a union on accountType, one variant per account type
    const variants = (shape.accountInfo as unknown as { options: z.ZodObject[] }).options;
    const literal = (schema: z.ZodType) => (schema as unknown as { value: string }).value;
    // the discriminator's values (the harness rewrites discriminators into an enum on the property)
    const tags = (component("ExternalAccountInfoOneOf") as { properties: { accountType: { enum: string[] } } })
      .properties.accountType.enum;
    // LIGHTNING_ACCOUNT: a response alias of LIGHTNING the spec accepts; Meridian answers LIGHTNING
    const served = [...tags.filter((t) => t !== "LIGHTNING_ACCOUNT"), "ILS_ACCOUNT", "TRY_ACCOUNT", "ARBITRUM_WALLET"];
    expect(variants.map((v) => literal(v.shape.accountType)).sort()).toEqual(served.sort());
    // every bank variant's beneficiary is a union on beneficiaryType (wallets carry another beneficiary shape)
    const beneficiaryTypes = new Set(
      variants.flatMap((v) => {
        const ben = v.shape.beneficiary as unknown as { unwrap?: () => z.ZodType } | undefined;
        const union = (ben?.unwrap?.() ?? ben) as unknown as { options?: z.ZodObject[] } | undefined;
        return union?.options?.map((o) => literal(o.shape.beneficiaryType)) ?? [];
      }),
    );
    expect([...beneficiaryTypes].sort()).toEqual(["BUSINESS", "INDIVIDUAL"]);
  });

  it("KYC link provider, stablecoin network and wallet-auth credential types", () => {
    expect(options(KycLinkResponse.shape.provider)).toEqual(referenceEnum("KycProvider"));
    expect(options(StablecoinResponse.shape.network)).toEqual(referenceEnum("StablecoinNetwork"));
    expect(options(SessionResponse.shape.type)).toEqual(referenceEnum("AuthMethodType"));
    expect(options(AuthSignedRetryChallengeResponse.shape.type)).toEqual(referenceEnum("AuthMethodType"));
    expect(options(SignedRetryChallengeResponse.shape.type)).toEqual(referenceEnum("AuthMethodType"));
  });
});

describe("what Meridian accepts follows the reference's enums", () => {
  const individual = { customerType: "INDIVIDUAL", platformCustomerId: "p-1" };
  it("refuses identity documents as idType (they are documentType values of POST /documents)", () => {
    for (const idType of ["PASSPORT", "NATIONAL_ID", "DRIVERS_LICENSE"])
      expect(CustomerCreate.safeParse({ ...individual, idType, identifier: "X1" }).success).toBe(false);
    expect(CustomerCreate.safeParse({ ...individual, idType: "ITIN", identifier: "912-70-1234" }).success).toBe(true);
  });

  it("refuses a free-text businessInfo.entityType", () => {
    const business = (entityType: string) => ({
      customerType: "BUSINESS",
      businessInfo: { legalName: "Acme", country: "US", incorporatedOn: "2018-03-14", taxId: "47-1234567", entityType },
    });
    expect(CustomerCreate.safeParse(business("Limited liability company")).success).toBe(false);
    expect(CustomerCreate.safeParse(business("LLC")).success).toBe(true);
  });

  it("answers customers with the reference's idType only", () => {
    const base = {
      id: "Customer:1",
      platformCustomerId: "p",
      umaAddress: "$p@x",
      currencies: [],
      isDeleted: false,
      createdAt: "t",
      updatedAt: "t",
      customerType: "INDIVIDUAL",
      kycStatus: "UNVERIFIED",
    };
    expect(CustomerResponse.safeParse({ ...base, idType: "PASSPORT" }).success).toBe(false);
    expect(CustomerResponse.safeParse({ ...base, idType: "SSN" }).success).toBe(true);
  });
});
