// Currencies Meridian knows: ISO 4217 fiat currencies of the spec's external
// account variants, plus the crypto assets. One table; decimals drive every
// smallest-unit conversion.
export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  kind: "FIAT" | "CRYPTO";
}

const fiat = (code: string, name: string, symbol: string, decimals = 2): CurrencyInfo => ({
  code,
  name,
  symbol,
  decimals,
  kind: "FIAT",
});
const crypto = (code: string, name: string, symbol: string, decimals: number): CurrencyInfo => ({
  code,
  name,
  symbol,
  decimals,
  kind: "CRYPTO",
});

export const CURRENCIES: Record<string, CurrencyInfo> = Object.fromEntries(
  [
    fiat("AED", "UAE Dirham", "د.إ"),
    fiat("BDT", "Bangladeshi Taka", "৳"),
    fiat("BRL", "Brazilian Real", "R$"),
    fiat("BWP", "Botswana Pula", "P"),
    fiat("CAD", "Canadian Dollar", "CA$"),
    fiat("CNY", "Chinese Yuan", "¥"),
    fiat("COP", "Colombian Peso", "COL$"),
    fiat("DKK", "Danish Krone", "kr"),
    fiat("EGP", "Egyptian Pound", "E£"),
    fiat("EUR", "Euro", "€"),
    fiat("GBP", "British Pound", "£"),
    fiat("GHS", "Ghanaian Cedi", "GH₵"),
    fiat("GTQ", "Guatemalan Quetzal", "Q"),
    fiat("HKD", "Hong Kong Dollar", "HK$"),
    fiat("HTG", "Haitian Gourde", "G"),
    fiat("IDR", "Indonesian Rupiah", "Rp"),
    fiat("ILS", "Israeli New Shekel", "₪"),
    fiat("INR", "Indian Rupee", "₹"),
    fiat("JMD", "Jamaican Dollar", "J$"),
    fiat("KES", "Kenyan Shilling", "KSh"),
    fiat("MWK", "Malawian Kwacha", "MK"),
    fiat("MXN", "Mexican Peso", "MX$"),
    fiat("MYR", "Malaysian Ringgit", "RM"),
    fiat("NGN", "Nigerian Naira", "₦"),
    fiat("PHP", "Philippine Peso", "₱"),
    fiat("PKR", "Pakistani Rupee", "₨"),
    fiat("RWF", "Rwandan Franc", "FRw", 0),
    fiat("SGD", "Singapore Dollar", "S$"),
    fiat("SLV", "Salvadoran Colón", "₡"),
    fiat("THB", "Thai Baht", "฿"),
    fiat("TRY", "Turkish Lira", "₺"),
    fiat("TZS", "Tanzanian Shilling", "TSh"),
    fiat("UGX", "Ugandan Shilling", "USh", 0),
    fiat("USD", "US Dollar", "$"),
    fiat("VND", "Vietnamese Dong", "₫", 0),
    fiat("XAF", "Central African CFA Franc", "FCFA", 0),
    fiat("XOF", "West African CFA Franc", "CFA", 0),
    fiat("ZAR", "South African Rand", "R"),
    fiat("ZMW", "Zambian Kwacha", "ZK"),
    crypto("BTC", "Bitcoin", "₿", 8),
    crypto("USDC", "USD Coin", "USDC", 6),
    crypto("USDT", "Tether", "USDT", 6),
    crypto("USDB", "USDB", "USDB", 6),
  ].map((c) => [c.code, c]),
);

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return CURRENCIES[code];
}

/** The reference's Currency object. */
export function currencyObject(code: string) {
  const c = CURRENCIES[code];
  return c
    ? { code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimals }
    : { code, name: code, symbol: code, decimals: 2 };
}

/** The reference's CurrencyAmount. */
export function currencyAmount(amount: bigint | number, code: string) {
  return { amount: Number(amount), currency: currencyObject(code) };
}

/** The embedded wallet (Global Account) holds this stablecoin. */
export const EMBEDDED_WALLET_CURRENCY = "USDB";
