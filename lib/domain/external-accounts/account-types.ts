// Every external-account variant (accountInfo.accountType) with its fields, as
// data. Fields, lengths and patterns follow the reference OpenAPI
// (components/schemas/common/<Ccy>AccountInfoBase.yaml and the wallet infos);
// ILS_ACCOUNT, TRY_ACCOUNT and ARBITRUM_WALLET are in the spec only and follow
// their IBAN / EVM-wallet siblings. schemas.ts turns this table into one zod
// discriminated union, so a rule lives here and nowhere else.

export interface AccountField {
  name: string;
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  enum?: string[];
}

export interface AccountTypeSpec {
  accountType: string;
  /**
   * "required": fiat variant, beneficiary mandatory; "optional": SWIFT; "wallet": optional wallet owner; "none":
   * Lightning.
   */
  beneficiary: "required" | "optional" | "wallet" | "none";
  /** Individual-beneficiary fields this currency requires beyond beneficiaryType, fullName and address. */
  individualRequired: string[];
  fields: AccountField[];
}

export const ACCOUNT_TYPES: AccountTypeSpec[] = [
  {
    accountType: "AED_ACCOUNT",
    beneficiary: "required",
    individualRequired: ["address"],
    fields: [
      { name: "iban", required: true, min: 23, max: 23, pattern: "^AE[0-9]{21}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "BDT_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", min: 1, max: 34 },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "branchCode", min: 5, max: 5, pattern: "^[0-9]{5}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "BRL_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "pixKey", required: true, min: 1, max: 77 },
      { name: "pixKeyType", required: true, enum: ["CPF", "CNPJ", "EMAIL", "PHONE", "RANDOM"] },
      { name: "taxId", required: true, min: 11, max: 14, pattern: "^[0-9]{11,14}$" },
    ],
  },
  {
    accountType: "BWP_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "CAD_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankCode", required: true, min: 3, max: 3, pattern: "^[0-9]{3}$" },
      { name: "branchCode", required: true, min: 5, max: 5, pattern: "^[0-9]{5}$" },
      { name: "accountNumber", required: true, min: 7, max: 12, pattern: "^[0-9]{7,12}$" },
    ],
  },
  {
    accountType: "CNY_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", min: 1, max: 34 },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "COP_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", min: 1, max: 34 },
      { name: "bankAccountType", enum: ["CHECKING", "SAVINGS"] },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "DKK_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "iban", required: true, min: 18, max: 18, pattern: "^DK[0-9]{16}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "EGP_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "iban", min: 29, max: 29, pattern: "^EG[0-9]{27}$" },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "EUR_ACCOUNT",
    beneficiary: "required",
    individualRequired: ["countryOfResidence"],
    fields: [
      { name: "iban", required: true, min: 15, max: 34, pattern: "^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "GBP_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "sortCode", required: true, min: 6, max: 6, pattern: "^[0-9]{6}$" },
      { name: "accountNumber", required: true, min: 8, max: 8, pattern: "^[0-9]{8}$" },
    ],
  },
  {
    accountType: "GHS_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", min: 1, max: 34 },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "GTQ_ACCOUNT",
    beneficiary: "required",
    individualRequired: ["countryOfResidence", "phoneNumber"],
    fields: [
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "bankAccountType", required: true, enum: ["CHECKING", "SAVINGS"] },
      { name: "bankName", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "HKD_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "HTG_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [{ name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" }],
  },
  {
    accountType: "IDR_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+62[0-9]{9,12}$" },
    ],
  },
  {
    accountType: "INR_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "vpa", min: 3, max: 255, pattern: "^[a-zA-Z0-9.\\-_]+@[a-zA-Z0-9]+$" },
      { name: "accountNumber", min: 9, max: 18, pattern: "^[0-9]{9,18}$" },
      { name: "ifsc", min: 11, max: 11, pattern: "^[A-Z]{4}0[A-Z0-9]{6}$" },
      { name: "rail", min: 1, max: 32 },
      { name: "bankName", min: 1, max: 255 },
    ],
  },
  {
    accountType: "JMD_ACCOUNT",
    beneficiary: "required",
    individualRequired: ["address", "phoneNumber"],
    fields: [
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "branchCode", required: true, min: 5, max: 5, pattern: "^[0-9]{5}$" },
      { name: "bankAccountType", required: true, enum: ["CHECKING", "SAVINGS"] },
      { name: "bankName", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "KES_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+254[0-9]{9}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "MWK_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "MXN_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [{ name: "clabeNumber", required: true, min: 18, max: 18, pattern: "^[0-9]{18}$" }],
  },
  {
    accountType: "MYR_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "NGN_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", required: true, min: 10, max: 10, pattern: "^[0-9]{10}$" },
      { name: "bankName", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "PHP_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 8, max: 16, pattern: "^[0-9]{8,16}$" },
    ],
  },
  {
    accountType: "PKR_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", min: 1, max: 34 },
      { name: "iban", min: 24, max: 24, pattern: "^PK[0-9]{2}[A-Z]{4}[0-9]{16}$" },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "RWF_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+250[0-9]{9}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "SGD_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "SLV_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", min: 1, max: 255 },
      { name: "accountNumber", min: 1, max: 34 },
      { name: "bankAccountType", enum: ["CHECKING", "SAVINGS"] },
      { name: "phoneNumber", min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
    ],
  },
  {
    accountType: "THB_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "TZS_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+255[0-9]{9}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "UGX_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "USD_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "routingNumber", required: true, min: 9, max: 9, pattern: "^[0-9]{9}$" },
      { name: "bankName", min: 1, max: 140 },
      { name: "bankAccountType", enum: ["CHECKING", "SAVINGS"] },
      { name: "intermediaryBankName", min: 1, max: 140 },
      { name: "intermediaryRoutingNumber", min: 9, max: 9, pattern: "^[0-9]{9}$" },
      { name: "fiToFiInformation", max: 210 },
    ],
  },
  {
    accountType: "VND_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", required: true, min: 1, max: 34 },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "XAF_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
      { name: "provider", required: true, min: 1, max: 255 },
      { name: "region", required: true, min: 2, max: 2, pattern: "^[A-Z]{2}$", enum: ["CM", "CG"] },
    ],
  },
  {
    accountType: "XOF_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+[0-9]{6,14}$" },
      { name: "provider", required: true, min: 1, max: 255 },
      { name: "region", required: true, min: 2, max: 2, pattern: "^[A-Z]{2}$", enum: ["BJ", "CI", "SN", "TG"] },
    ],
  },
  {
    accountType: "ZAR_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "accountNumber", required: true, min: 9, max: 13, pattern: "^[0-9]{9,13}$" },
      { name: "bankName", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "ZMW_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "phoneNumber", required: true, min: 7, max: 15, pattern: "^\\+260[0-9]{9}$" },
      { name: "provider", required: true, min: 1, max: 255 },
    ],
  },
  {
    accountType: "ILS_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "iban", required: true, min: 23, max: 23, pattern: "^IL[0-9]{21}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "TRY_ACCOUNT",
    beneficiary: "required",
    individualRequired: [],
    fields: [
      { name: "iban", required: true, min: 26, max: 26, pattern: "^TR[0-9]{24}$" },
      { name: "swiftCode", min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
    ],
  },
  {
    accountType: "SWIFT_ACCOUNT",
    beneficiary: "optional",
    individualRequired: [],
    fields: [
      { name: "country", required: true, min: 2, max: 2, pattern: "^[A-Z]{2}$" },
      { name: "swiftCode", required: true, min: 8, max: 11, pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$" },
      { name: "bankName", required: true, min: 1, max: 255 },
      { name: "accountNumber", min: 1, max: 34 },
      { name: "iban", min: 15, max: 34, pattern: "^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$" },
    ],
  },
  {
    accountType: "BASE_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "ETHEREUM_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "LIGHTNING",
    beneficiary: "none",
    individualRequired: [],
    fields: [{ name: "invoice" }, { name: "bolt12" }, { name: "lightningAddress" }],
  },
  {
    accountType: "POLYGON_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "PLASMA_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "SOLANA_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "SPARK_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "TRON_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
  {
    accountType: "ARBITRUM_WALLET",
    beneficiary: "wallet",
    individualRequired: [],
    fields: [{ name: "address", required: true }, { name: "vaspName" }],
  },
];

/** Currency of each fiat variant; wallets and Lightning carry any supported crypto currency. */
export function variantCurrency(accountType: string): string | null {
  const m = /^([A-Z]{3})_ACCOUNT$/.exec(accountType);
  return m ? m[1] : null;
}

/**
 * The account's primary identifier, whose trailing digits steer the sandbox
 * outcome (spec: account number, IBAN, CLABE, wallet address ...). For a
 * value with a domain part the digits sit at the end of the username.
 */
export const PRIMARY_IDENTIFIER_FIELDS = [
  "accountNumber",
  "iban",
  "clabeNumber",
  "pixKey",
  "vpa",
  "phoneNumber",
  "address",
  "lightningAddress",
  "invoice",
  "bolt12",
] as const;

/**
 * The payment rails each fiat variant can be paid over (the reference's
 * per-currency paymentRails enum; ILS and TRY follow their IBAN siblings). An
 * account created without paymentRails reaches every rail of its variant.
 */
export const PAYMENT_RAILS: Record<string, string[]> = {
  AED_ACCOUNT: ["BANK_TRANSFER"],
  BDT_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  BRL_ACCOUNT: ["PIX"],
  BWP_ACCOUNT: ["MOBILE_MONEY"],
  CAD_ACCOUNT: ["BANK_TRANSFER"],
  CNY_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  COP_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  DKK_ACCOUNT: ["SEPA", "SEPA_INSTANT"],
  EGP_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  EUR_ACCOUNT: ["SEPA", "SEPA_INSTANT"],
  GBP_ACCOUNT: ["FASTER_PAYMENTS"],
  GHS_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  GTQ_ACCOUNT: ["BANK_TRANSFER"],
  HKD_ACCOUNT: ["BANK_TRANSFER"],
  HTG_ACCOUNT: ["MOBILE_MONEY"],
  IDR_ACCOUNT: ["BANK_TRANSFER"],
  ILS_ACCOUNT: ["BANK_TRANSFER"],
  INR_ACCOUNT: ["UPI", "NEFT", "RTGS"],
  JMD_ACCOUNT: ["BANK_TRANSFER"],
  KES_ACCOUNT: ["MOBILE_MONEY"],
  MWK_ACCOUNT: ["MOBILE_MONEY"],
  MXN_ACCOUNT: ["SPEI"],
  MYR_ACCOUNT: ["BANK_TRANSFER"],
  NGN_ACCOUNT: ["BANK_TRANSFER"],
  PHP_ACCOUNT: ["BANK_TRANSFER"],
  PKR_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  RWF_ACCOUNT: ["MOBILE_MONEY"],
  SGD_ACCOUNT: ["PAYNOW", "FAST", "BANK_TRANSFER"],
  SLV_ACCOUNT: ["BANK_TRANSFER", "MOBILE_MONEY"],
  SWIFT_ACCOUNT: ["SWIFT"],
  THB_ACCOUNT: ["BANK_TRANSFER"],
  TRY_ACCOUNT: ["BANK_TRANSFER"],
  TZS_ACCOUNT: ["MOBILE_MONEY"],
  UGX_ACCOUNT: ["MOBILE_MONEY"],
  USD_ACCOUNT: ["ACH", "WIRE", "RTP", "FEDNOW"],
  VND_ACCOUNT: ["BANK_TRANSFER"],
  XAF_ACCOUNT: ["MOBILE_MONEY"],
  XOF_ACCOUNT: ["MOBILE_MONEY"],
  ZAR_ACCOUNT: ["BANK_TRANSFER"],
  ZMW_ACCOUNT: ["MOBILE_MONEY"],
};
