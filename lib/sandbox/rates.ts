// Deterministic sandbox exchange rates: units of each currency per 1 USD, as
// decimal strings (never floats in money maths). A currency absent from this
// table has no rate: quotes into or out of it answer 400 QUOTE_RATE_UNAVAILABLE
// (SLV, the Salvadoran colón, is the sandbox's way to exercise that code).
// Documented in docs/sandbox.md (Sandbox exchange rates).
export const UNITS_PER_USD: Record<string, string> = {
  USD: "1",
  USDC: "1",
  USDT: "1",
  USDB: "1",
  BTC: "0.000015625",
  AED: "3.6725",
  BDT: "119.5",
  BRL: "5.05",
  BWP: "13.6",
  CAD: "1.37",
  CNY: "7.24",
  COP: "3950",
  DKK: "6.88",
  EGP: "48.5",
  EUR: "0.92",
  GBP: "0.79",
  GHS: "15.2",
  GTQ: "7.75",
  HKD: "7.8",
  HTG: "132",
  IDR: "15800",
  ILS: "3.7",
  INR: "83.5",
  JMD: "156",
  KES: "129",
  MWK: "1735",
  MXN: "17.2",
  MYR: "4.7",
  NGN: "1550",
  PHP: "56.5",
  PKR: "278",
  RWF: "1300",
  SGD: "1.35",
  THB: "36",
  TRY: "32.5",
  TZS: "2600",
  UGX: "3800",
  VND: "25400",
  XAF: "605",
  XOF: "605",
  ZAR: "18.4",
  ZMW: "26.5",
};

/** Fixed-point scale of the rate table (rates become integers of 10^-12). */
const SCALE_DIGITS = 12;

function scaled(rate: string): bigint {
  const [i, f = ""] = rate.split(".");
  return BigInt(i + f.padEnd(SCALE_DIGITS, "0").slice(0, SCALE_DIGITS));
}

export function hasRate(currency: string): boolean {
  return currency in UNITS_PER_USD;
}

/** Units-per-USD of a currency as a scaled integer. */
export function rateScaled(currency: string): bigint {
  return scaled(UNITS_PER_USD[currency]);
}

/** How long a sandbox quote's rate is held. */
export const QUOTE_TTL_MS = 5 * 60_000;
