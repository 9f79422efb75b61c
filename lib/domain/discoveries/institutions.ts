// Receiving institutions and payment rails per country and currency, for GET
// /discoveries (sandbox data: one row per rail or institution a payout can
// name as bankName). Covers every fiat currency of the spec's external
// account variants.
import "server-only";
import type { PaymentRail } from "../../kernel/reference-schemas.generated";

export interface Institution {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
}

const rows: [string, string, string[]][] = [
  // currency, country, [bankName|displayName ...]
  ["AED", "AE", ["EMIRATES_NBD|Emirates NBD", "FAB|First Abu Dhabi Bank", "ADCB|Abu Dhabi Commercial Bank"]],
  ["BDT", "BD", ["BKASH|bKash", "DUTCH_BANGLA|Dutch-Bangla Bank", "BRAC_BANK|BRAC Bank"]],
  ["BRL", "BR", ["PIX|Pix", "ITAU|Itaú Unibanco", "NUBANK|Nubank"]],
  [
    "BWP",
    "BW",
    [
      "ORANGE_MONEY_BW|Orange Money Botswana",
      "MASCOM_MYZAKA|Mascom MyZaka",
      "FNB_BOTSWANA|First National Bank Botswana",
    ],
  ],
  ["CAD", "CA", ["INTERAC|Interac e-Transfer", "RBC|Royal Bank of Canada", "TD_CANADA|TD Canada Trust"]],
  ["CNY", "CN", ["ALIPAY|Alipay", "WECHAT_PAY|WeChat Pay", "ICBC|Industrial and Commercial Bank of China"]],
  ["COP", "CO", ["BANCOLOMBIA|Bancolombia", "NEQUI|Nequi", "DAVIPLATA|Daviplata"]],
  ["DKK", "DK", ["DANSKE_BANK|Danske Bank", "NORDEA_DK|Nordea Danmark", "MOBILEPAY|MobilePay"]],
  ["EGP", "EG", ["NBE|National Bank of Egypt", "BANQUE_MISR|Banque Misr", "VODAFONE_CASH|Vodafone Cash"]],
  ["EUR", "DE", ["SEPA_INSTANT|SEPA Instant", "DEUTSCHE_BANK|Deutsche Bank", "N26|N26"]],
  ["EUR", "FR", ["SEPA_INSTANT|SEPA Instant", "BNP_PARIBAS|BNP Paribas"]],
  ["EUR", "ES", ["SEPA_INSTANT|SEPA Instant", "SANTANDER|Banco Santander"]],
  ["GBP", "GB", ["FASTER_PAYMENTS|Faster Payments", "BARCLAYS|Barclays", "MONZO|Monzo"]],
  ["GHS", "GH", ["MTN_MOMO_GH|MTN Mobile Money", "GCB_BANK|GCB Bank", "VODAFONE_CASH_GH|Telecel Cash"]],
  ["GTQ", "GT", ["BANCO_INDUSTRIAL|Banco Industrial", "BANRURAL|Banrural", "BAM|Banco Agromercantil"]],
  ["HKD", "HK", ["FPS|Faster Payment System", "HSBC_HK|HSBC Hong Kong", "HANG_SENG|Hang Seng Bank"]],
  ["HTG", "HT", ["MONCASH|MonCash", "NATCASH|NatCash"]],
  ["IDR", "ID", ["BCA|Bank Central Asia", "MANDIRI|Bank Mandiri", "GOPAY|GoPay", "OVO|OVO"]],
  ["ILS", "IL", ["BANK_HAPOALIM|Bank Hapoalim", "BANK_LEUMI|Bank Leumi"]],
  ["INR", "IN", ["UPI|UPI", "HDFC|HDFC Bank", "SBI|State Bank of India", "ICICI|ICICI Bank"]],
  ["JMD", "JM", ["NCB_JAMAICA|National Commercial Bank Jamaica", "SCOTIABANK_JM|Scotiabank Jamaica"]],
  ["KES", "KE", ["MPESA|M-Pesa", "AIRTEL_MONEY_KE|Airtel Money", "EQUITY_BANK|Equity Bank"]],
  ["MWK", "MW", ["AIRTEL_MONEY_MW|Airtel Money Malawi", "TNM_MPAMBA|TNM Mpamba"]],
  ["MXN", "MX", ["SPEI|SPEI", "BBVA_MEXICO|BBVA México", "BANORTE|Banorte"]],
  ["MYR", "MY", ["DUITNOW|DuitNow", "MAYBANK|Maybank", "CIMB|CIMB Bank"]],
  ["NGN", "NG", ["ACCESS_BANK|Access Bank", "GTBANK|Guaranty Trust Bank", "OPAY|OPay"]],
  ["PHP", "PH", ["INSTAPAY|InstaPay", "GCASH|GCash", "BDO|BDO Unibank"]],
  ["PKR", "PK", ["RAAST|Raast", "JAZZCASH|JazzCash", "EASYPAISA|Easypaisa", "HBL|Habib Bank"]],
  ["RWF", "RW", ["MTN_MOMO_RW|MTN MoMo Rwanda", "AIRTEL_MONEY_RW|Airtel Money Rwanda"]],
  ["SGD", "SG", ["PAYNOW|PayNow", "DBS|DBS Bank", "OCBC|OCBC Bank"]],
  ["SLV", "SV", ["BANCO_AGRICOLA|Banco Agrícola", "BANCO_CUSCATLAN|Banco Cuscatlán"]],
  ["THB", "TH", ["PROMPTPAY|PromptPay", "BANGKOK_BANK|Bangkok Bank", "KASIKORNBANK|Kasikornbank"]],
  ["TRY", "TR", ["FAST|FAST", "ZIRAAT|Ziraat Bankası", "GARANTI_BBVA|Garanti BBVA"]],
  ["TZS", "TZ", ["MPESA_TZ|M-Pesa Tanzania", "TIGO_PESA|Tigo Pesa", "AIRTEL_MONEY_TZ|Airtel Money Tanzania"]],
  ["UGX", "UG", ["MTN_MOMO_UG|MTN MoMo Uganda", "AIRTEL_MONEY_UG|Airtel Money Uganda"]],
  ["USD", "US", ["ACH|ACH", "RTP|RTP", "FEDNOW|FedNow", "WIRE|Fedwire"]],
  ["VND", "VN", ["NAPAS|NAPAS 247", "VIETCOMBANK|Vietcombank", "MOMO_VN|MoMo"]],
  ["XAF", "CM", ["MTN_MOMO_CM|MTN MoMo Cameroon", "ORANGE_MONEY_CM|Orange Money Cameroon"]],
  ["XAF", "CG", ["MTN_MOMO_CG|MTN MoMo Congo", "AIRTEL_MONEY_CG|Airtel Money Congo"]],
  ["XOF", "SN", ["ORANGE_MONEY_SN|Orange Money Sénégal", "WAVE_SN|Wave Sénégal"]],
  [
    "XOF",
    "CI",
    ["ORANGE_MONEY_CI|Orange Money Côte d'Ivoire", "MTN_MOMO_CI|MTN MoMo Côte d'Ivoire", "WAVE_CI|Wave Côte d'Ivoire"],
  ],
  ["XOF", "BJ", ["MTN_MOMO_BJ|MTN MoMo Bénin", "MOOV_MONEY_BJ|Moov Money Bénin"]],
  ["XOF", "TG", ["TMONEY|T-Money", "MOOV_MONEY_TG|Flooz"]],
  ["ZAR", "ZA", ["PAYSHAP|PayShap", "FNB|First National Bank", "CAPITEC|Capitec Bank"]],
  ["ZMW", "ZM", ["MTN_MOMO_ZM|MTN MoMo Zambia", "AIRTEL_MONEY_ZM|Airtel Money Zambia", "ZANACO|Zanaco"]],
];

export const INSTITUTIONS: Institution[] = rows.flatMap(([currency, country, names]) =>
  names.map((n) => {
    const [bankName, displayName] = n.split("|");
    return { bankName, displayName, country, currency };
  }),
);

/**
 * The rail a payout in each fiat currency uses by default (exchange-rate listings): one of the reference's
 * PaymentRail values (a local scheme it does not name, such as Interac or PromptPay, is its BANK_TRANSFER).
 * Crypto payouts have no PaymentRail, so exchange rates list fiat destinations only.
 */
export const DEFAULT_RAIL: Record<string, PaymentRail> = {
  USD: "ACH",
  EUR: "SEPA_INSTANT",
  GBP: "FASTER_PAYMENTS",
  INR: "UPI",
  MXN: "SPEI",
  BRL: "PIX",
  CAD: "BANK_TRANSFER",
  HKD: "BANK_TRANSFER",
  SGD: "PAYNOW",
  THB: "BANK_TRANSFER",
  PHP: "INSTAPAY",
  MYR: "BANK_TRANSFER",
  PKR: "BANK_TRANSFER",
  ZAR: "BANK_TRANSFER",
  TRY: "FAST",
  KES: "MOBILE_MONEY",
  BWP: "MOBILE_MONEY",
  MWK: "MOBILE_MONEY",
  RWF: "MOBILE_MONEY",
  TZS: "MOBILE_MONEY",
  UGX: "MOBILE_MONEY",
  ZMW: "MOBILE_MONEY",
  XAF: "MOBILE_MONEY",
  XOF: "MOBILE_MONEY",
  HTG: "MOBILE_MONEY",
  GHS: "MOBILE_MONEY",
};
