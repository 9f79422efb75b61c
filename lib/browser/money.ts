// Amounts on screen: the API speaks integers in the currency's smallest unit;
// people type and read major units. Conversion is string arithmetic, never
// floating point.
export interface CurrencyAmountView {
  amount: number;
  currency: { code: string; decimals: number; symbol?: string };
}

/**
 * Display rules per currency. "exact" (detail views, quotes): every decimal the
 * currency has. "list" (tables, balances): money people count in cents shows two
 * decimals (USDB 1.500000 → 1.50, rounded half up; a dust amount reads "< 0.01");
 * bitcoin keeps its significant satoshis (0.00012 BTC), never more than 8.
 */
export type Precision = "exact" | "list";

function listDecimals(code: string, decimals: number): number | "trim" {
  if (code === "BTC") return "trim";
  return Math.min(decimals, 2);
}

function render(neg: boolean, abs: bigint, decimals: number, code: string): string {
  const digits = abs.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals) || "0";
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${neg ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac} ${code}`;
}

export function formatMinor(
  amount: number | bigint | string,
  code: string,
  decimals: number,
  precision: Precision = "list",
): string {
  const n = BigInt(amount);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const shown = precision === "exact" ? decimals : listDecimals(code, decimals);
  if (shown === "trim") {
    const text = render(neg, abs, decimals, code);
    return abs === 0n ? `0 ${code}` : text.replace(/\.?0+ /, " ");
  }
  if (shown >= decimals) return render(neg, abs, decimals, code);
  const step = 10n ** BigInt(decimals - shown);
  const rounded = (abs + step / 2n) / step;
  if (rounded === 0n && abs !== 0n) return `${neg ? "> -" : "< "}${render(false, 1n, shown, code)}`;
  return render(neg && rounded !== 0n, rounded, shown, code);
}

export function formatAmount(a: CurrencyAmountView | null | undefined, precision: Precision = "list"): string {
  return a ? formatMinor(a.amount, a.currency.code, a.currency.decimals, precision) : "—";
}

// Currencies counted as US dollars in the total balance (stablecoins redeemable 1:1).
const USD_FAMILY = new Set(["USD", "USDB", "USDC", "USDT"]);

/** The total of the accounts in US dollars (cents) and the balances left outside it, for the balance headline. */
export function totalInUsd(amounts: CurrencyAmountView[]): { cents: bigint; others: CurrencyAmountView[] } {
  let cents = 0n;
  const others: CurrencyAmountView[] = [];
  for (const a of amounts) {
    if (!USD_FAMILY.has(a.currency.code)) {
      if (a.amount !== 0) others.push(a);
      continue;
    }
    const d = a.currency.decimals;
    cents += d >= 2 ? BigInt(a.amount) / 10n ** BigInt(d - 2) : BigInt(a.amount) * 10n ** BigInt(2 - d);
  }
  return { cents, others };
}

/** "12.5" with 2 decimals → 1250n; null when the text is not a positive amount with at most `decimals` places. */
export function parseMajorToMinor(text: string, decimals: number): bigint | null {
  const m = /^\s*(\d{1,15})(?:\.(\d*))?\s*$/.exec(text.replace(/,/g, ""));
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  const minor = BigInt(m[1] + frac.padEnd(decimals, "0"));
  return minor > 0n ? minor : null;
}
