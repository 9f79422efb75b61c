// The sandbox bank's coordinates for paying into a Meridian account: per
// currency, the fields the reference's Payment<Ccy>AccountInfo requires (USD
// routing number and rails, EUR IBAN, GBP sort code with an 8-digit account
// number, MXN CLABE, CAD bank/branch codes, mobile-money phone and provider, …),
// derived deterministically from the account id so they never change.

import { PaymentAccountInfo } from "../kernel/reference-schemas.generated";

const BANK = "Meridian Sandbox Bank";

/** The payment account types whose reference variant carries a `reference` member (BRL, INR, COP and ARS do not). */
const TAKES_REFERENCE = new Set<string>(
  PaymentAccountInfo.options.filter((o) => "reference" in o.shape).map((o) => o.shape.accountType.value),
);

/**
 * `n` digits derived from `seed` (a uuid, read from its random end): stable for one account, different across
 * accounts.
 */
function digits(seed: string, n: number, salt = 0): string {
  let out = "";
  const hex = [...seed.replace(/[^0-9a-f]/gi, "")].reverse().join("");
  for (let i = 0; out.length < n; i++) out += (parseInt(hex[(i + salt) % hex.length], 16) % 10).toString();
  return out;
}

const swift = (country: string) => `MRDN${country}2S`;
const bankTransfer = { paymentRails: ["BANK_TRANSFER"] };

/** Local coordinates of the currencies the reference's payment account types cover. */
function localCoordinates(currency: string, seed: string): Record<string, unknown> | undefined {
  const account = (n: number) => digits(seed, n, 3);
  switch (currency) {
    case "USD":
      return {
        bankName: BANK,
        accountNumber: `9${account(11)}`,
        routingNumber: "110000000",
        paymentRails: ["ACH", "WIRE"],
      };
    case "EUR":
      return {
        iban: `DE${digits(seed, 20)}`,
        swiftCode: swift("DE"),
        paymentRails: ["SEPA", "SEPA_INSTANT"],
      };
    case "DKK":
      return { iban: `DK${digits(seed, 16)}`, paymentRails: ["SEPA", "SEPA_INSTANT"] };
    case "GBP":
      return {
        sortCode: digits(seed, 6),
        accountNumber: account(8),
        paymentRails: ["FASTER_PAYMENTS"],
      };
    case "MXN":
      return { clabeNumber: digits(seed, 18), paymentRails: ["SPEI"] };
    case "CAD":
      return {
        bankCode: "001",
        branchCode: digits(seed, 5),
        accountNumber: account(10),
        ...bankTransfer,
      };
    case "INR":
      return { vpa: `meridian${digits(seed, 8)}@sandbox`, paymentRails: ["UPI"] };
    case "BRL":
      return { qrCode: `00020126580014br.gov.bcb.pix0136meridian-sandbox-${digits(seed, 12)}5204000053039865802BR` };
    case "COP":
      return { paymentUrl: `https://sandbox.meridian.invalid/pay/cop/${digits(seed, 12)}` };
    case "NGN":
      return { bankName: BANK, accountNumber: account(10), ...bankTransfer };
    case "PHP":
      return { bankName: BANK, accountNumber: account(12), ...bankTransfer };
    case "HKD":
    case "MYR":
    case "THB":
    case "VND":
      return { bankName: BANK, accountNumber: account(12), swiftCode: swift(currency.slice(0, 2)), ...bankTransfer };
    case "IDR":
      return {
        bankName: BANK,
        accountNumber: account(12),
        swiftCode: swift("ID"),
        phoneNumber: `+62${digits(seed, 10)}`,
        ...bankTransfer,
      };
    case "SGD":
      return { bankName: BANK, accountNumber: account(12), swiftCode: swift("SG"), paymentRails: ["FAST"] };
    default:
      return undefined;
  }
}

/**
 * The other fiat currencies are paid by SWIFT: the reference's payment account
 * types have no local variant for them (its discriminator names some, but the
 * accountType enum they share does not admit them).
 */
const SWIFT_COUNTRIES: Record<string, string> = {
  AED: "AE",
  BDT: "BD",
  BWP: "BW",
  CNY: "CN",
  EGP: "EG",
  GHS: "GH",
  GTQ: "GT",
  HTG: "HT",
  ILS: "IL",
  JMD: "JM",
  KES: "KE",
  MWK: "MW",
  PKR: "PK",
  RWF: "RW",
  SLV: "SV",
  TRY: "TR",
  TZS: "TZ",
  UGX: "UG",
  XAF: "CM",
  XOF: "SN",
  ZAR: "ZA",
  ZMW: "ZM",
};

/**
 * The reference's accountOrWalletInfo for paying `reference` into a fiat account in `currency` (exactly the
 * variant's members: where it has no `reference`, the instructions' notes carry it).
 */
export function sandboxFiatAccountInfo(currency: string, seed: string, reference: string): Record<string, unknown> {
  const local = localCoordinates(currency, seed);
  const accountType = `${currency}_ACCOUNT`;
  if (local) return { accountType, ...local, ...(TAKES_REFERENCE.has(accountType) ? { reference } : {}) };
  const country = SWIFT_COUNTRIES[currency] ?? "US";
  return {
    accountType: "SWIFT_ACCOUNT",
    swiftCode: swift(country),
    bankName: BANK,
    country,
    accountHolderName: "Meridian Sandbox",
    accountNumber: `9${digits(seed, 11, 3)}`,
    paymentRails: ["SWIFT"],
    reference,
  };
}

/** The reference's Spark wallet info for paying `assetType` into a wallet account. */
export function sandboxWalletInfo(seed: string, assetType: string): Record<string, unknown> {
  return { accountType: "SPARK_WALLET", address: `sp1sandbox${seed.replace(/-/g, "")}`, assetType };
}
