// Customers: create/update request schemas and the response shapes (customers and their beneficial owners).
import "server-only";
import { z } from "zod";
import { Address, CountryCode, DateOnly, E164Phone, Email, KnownCurrency, UmaAddress } from "../common/schemas";

// The reference's IdentificationType (tax identifiers). Identity documents (passport, driving licence, national ID)
// are documentType values of POST /documents, not idType values.
const ID_TYPES = ["SSN", "ITIN", "EIN", "NON_US_TAX_ID"] as const;
export const IdType = z.enum(ID_TYPES);

export const EndUserTermsConsent = z.object({
  acceptedAt: z.iso.datetime({ offset: true }),
  ipAddress: z.string().min(3).max(64),
  termsVersion: z.string().min(1).max(64),
  acceptanceMethod: z.enum(["CHECKBOX", "CLICK_TO_ACCEPT"]),
});

const CommonCustomerFields = {
  platformCustomerId: z.string().trim().min(1).max(255).optional(),
  region: CountryCode.optional(),
  currencies: z.array(KnownCurrency).max(20).optional(),
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
  umaAddress: UmaAddress.optional(),
  endUserTermsConsent: EndUserTermsConsent.optional(),
};

const BUSINESS_TYPES = [
  "AGRICULTURE_FORESTRY_FISHING_AND_HUNTING",
  "MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION",
  "UTILITIES",
  "CONSTRUCTION",
  "MANUFACTURING",
  "WHOLESALE_TRADE",
  "RETAIL_TRADE",
  "TRANSPORTATION_AND_WAREHOUSING",
  "INFORMATION",
  "FINANCE_AND_INSURANCE",
  "REAL_ESTATE_AND_RENTAL_AND_LEASING",
  "PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES",
  "MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES",
  "ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES",
  "EDUCATIONAL_SERVICES",
  "HEALTH_CARE_AND_SOCIAL_ASSISTANCE",
  "ARTS_ENTERTAINMENT_AND_RECREATION",
  "ACCOMMODATION_AND_FOOD_SERVICES",
  "OTHER_SERVICES",
  "PUBLIC_ADMINISTRATION",
] as const;
/** The reference's EntityType: the legal form of a business. */
const ENTITY_TYPES = [
  "SOLE_PROPRIETORSHIP",
  "PARTNERSHIP",
  "LLC",
  "CORPORATION",
  "S_CORPORATION",
  "NON_PROFIT",
  "PUBLICLY_LISTED_COMPANY",
  "TRUST",
  "PRIVATE_FOUNDATION",
  "CHARITY",
  "OTHER",
] as const;
const PURPOSES_OF_ACCOUNT = [
  "CONTRACTOR_PAYOUTS",
  "CREATOR_PAYOUTS",
  "EMPLOYEE_PAYOUTS",
  "MARKETPLACE_SELLER_PAYOUTS",
  "SUPPLIER_PAYMENTS",
  "CROSS_BORDER_B2B",
  "AR_AUTOMATION",
  "AP_AUTOMATION",
  "EMBEDDED_PAYMENTS",
  "PLATFORM_FEE_COLLECTION",
  "P2P_TRANSFERS",
  "CHARITABLE_DONATIONS",
  "OTHER",
] as const;
const SOURCE_OF_FUNDS_CATEGORIES = [
  "OPERATING_REVENUE",
  "INVESTMENT_INCOME",
  "LOANS",
  "VENTURE_CAPITAL",
  "PERSONAL_SAVINGS",
  "DONATIONS",
  "OTHER",
] as const;

export const BusinessInfo = z.object({
  legalName: z.string().trim().min(1).max(255),
  country: CountryCode,
  incorporatedOn: DateOnly,
  taxId: z.string().trim().min(1).max(64),
  registrationNumber: z.string().trim().min(1).max(64).optional(),
  entityType: z.enum(ENTITY_TYPES).optional(),
  doingBusinessAs: z.string().max(255).optional(),
  naicsCode: z
    .string()
    .regex(/^\d{2,6}$/)
    .optional(),
  website: z.url().optional(),
  // The reference's due-diligence profile of a business (BusinessInfo), stored with the rest of businessInfo.
  countriesOfOperation: z.array(CountryCode).max(250).optional(),
  businessType: z.enum(BUSINESS_TYPES).optional(),
  purposeOfAccount: z.enum(PURPOSES_OF_ACCOUNT).optional(),
  purposeOfAccountOtherDescription: z.string().trim().min(1).max(500).optional(),
  sourceOfFunds: z.string().trim().min(1).max(2000).optional(),
  sourceOfFundsCategories: z.array(z.enum(SOURCE_OF_FUNDS_CATEGORIES)).max(20).optional(),
  sourceOfFundsOtherDescription: z.string().trim().min(1).max(500).optional(),
  expectedMonthlyTransactionCount: z
    .enum(["COUNT_UNDER_10", "COUNT_10_TO_100", "COUNT_100_TO_500", "COUNT_500_TO_1000", "COUNT_OVER_1000"])
    .optional(),
  expectedMonthlyTransactionVolume: z
    .enum(["VOLUME_UNDER_10K", "VOLUME_10K_TO_100K", "VOLUME_100K_TO_1M", "VOLUME_1M_TO_10M", "VOLUME_OVER_10M"])
    .optional(),
  expectedRecipientJurisdictions: z.array(CountryCode).max(250).optional(),
  expectedCounterpartyCountries: z.array(CountryCode).max(250).optional(),
  primaryContactFirstName: z.string().trim().min(1).max(250).optional(),
  primaryContactLastName: z.string().trim().min(1).max(250).optional(),
});

export const IndividualCustomerCreate = z.object({
  customerType: z.literal("INDIVIDUAL"),
  ...CommonCustomerFields,
  fullName: z.string().trim().min(1).max(255).optional(),
  birthDate: DateOnly.optional(),
  nationality: CountryCode.optional(),
  address: Address.optional(),
  idType: IdType.optional(),
  identifier: z.string().trim().min(1).max(64).optional(),
  countryOfIssuance: CountryCode.optional(),
});

export const BusinessCustomerCreate = z.object({
  customerType: z.literal("BUSINESS"),
  ...CommonCustomerFields,
  address: Address.optional(),
  businessInfo: BusinessInfo,
});

export const CustomerCreate = z.discriminatedUnion("customerType", [IndividualCustomerCreate, BusinessCustomerCreate]);
export type CustomerCreate = z.infer<typeof CustomerCreate>;

// PATCH /customers/{customerId}: customerType names the variant (it cannot
// change); every other field is optional. businessInfo merges field by field.
const CommonUpdateFields = {
  currencies: z.array(KnownCurrency).min(1).max(20).optional(),
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
  umaAddress: UmaAddress.optional(),
  region: CountryCode.optional(),
  endUserTermsConsent: EndUserTermsConsent.optional(),
};

export const IndividualCustomerUpdate = z.object({
  customerType: z.literal("INDIVIDUAL"),
  ...CommonUpdateFields,
  fullName: z.string().trim().min(1).max(255).optional(),
  birthDate: DateOnly.optional(),
  nationality: CountryCode.optional(),
  address: Address.optional(),
  idType: IdType.optional(),
  identifier: z.string().trim().min(1).max(64).optional(),
  countryOfIssuance: CountryCode.optional(),
});

export const BusinessInfoUpdate = BusinessInfo.partial();

export const BusinessCustomerUpdate = z.object({
  customerType: z.literal("BUSINESS"),
  ...CommonUpdateFields,
  address: Address.optional(),
  businessInfo: BusinessInfoUpdate.optional(),
});

export const CustomerUpdate = z.discriminatedUnion("customerType", [IndividualCustomerUpdate, BusinessCustomerUpdate]);
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

const QueryBool = z.enum(["true", "false"]).transform((v) => v === "true");

export const CustomerListQuery = z.object({
  platformCustomerId: z.string().min(1).max(255).optional(),
  customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional(),
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  createdBefore: z.iso.datetime({ offset: true }).optional(),
  updatedAfter: z.iso.datetime({ offset: true }).optional(),
  updatedBefore: z.iso.datetime({ offset: true }).optional(),
  region: CountryCode.optional(),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, "Expected a currency code")
    .optional(),
  umaAddress: z.string().min(1).max(255).optional(),
  isIncludingDeleted: QueryBool.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const BeneficialOwnerRole = z.enum([
  "UBO",
  "DIRECTOR",
  "COMPANY_OFFICER",
  "CONTROL_PERSON",
  "TRUSTEE",
  "GENERAL_PARTNER",
]);

export const BeneficialOwnerPersonalInfo = z.object({
  firstName: z.string().trim().min(1).max(255),
  middleName: z.string().trim().max(255).optional(),
  lastName: z.string().trim().min(1).max(255),
  birthDate: DateOnly,
  nationality: CountryCode,
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
  address: Address,
  idType: IdType,
  identifier: z.string().trim().min(1).max(64),
  countryOfIssuance: CountryCode.optional(),
});

/**
 * The reference's BeneficialOwner, exactly as serializeBeneficialOwner writes it: personalInfo as stored, its
 * write-only identifier masked (the reference requires the member).
 */
export const BeneficialOwnerResponse = z.strictObject({
  id: z.string(),
  customerId: z.string(),
  roles: z.array(BeneficialOwnerRole),
  ownershipPercentage: z.number().int(),
  personalInfo: BeneficialOwnerPersonalInfo.extend({ identifier: z.string().describe("Masked: the last characters") }),
  kycStatus: z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED", "HOLD"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const KycStatus = z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED", "HOLD"]);
const ContactVerificationStatus = z.enum(["PENDING", "VERIFIED"]);
const CustomerCommonResponse = {
  id: z.string(),
  platformCustomerId: z.string(),
  umaAddress: z.string(),
  region: z.string().optional(),
  currencies: z.array(z.string()),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  endUserTermsConsent: EndUserTermsConsent.optional(),
  address: Address.optional(),
  /** SCA regions (EU/EEA): whether each contact channel is verified. */
  contactVerification: z
    .strictObject({ email: ContactVerificationStatus.optional(), phone: ContactVerificationStatus.optional() })
    .optional(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/**
 * The reference's CustomerOneOf, exactly as serializeCustomer writes it: the profile as given (the identifier is
 * write-only and never shown), a business with its beneficial owners.
 */
export const CustomerResponse = z.discriminatedUnion("customerType", [
  z.strictObject({
    ...CustomerCommonResponse,
    customerType: z.literal("INDIVIDUAL"),
    kycStatus: KycStatus,
    fullName: z.string().optional(),
    birthDate: z.string().optional(),
    nationality: z.string().optional(),
    idType: IdType.optional(),
    countryOfIssuance: z.string().optional(),
  }),
  z.strictObject({
    ...CustomerCommonResponse,
    customerType: z.literal("BUSINESS"),
    kybStatus: KycStatus,
    businessInfo: BusinessInfo,
    beneficialOwners: z.array(BeneficialOwnerResponse),
  }),
]);
