// Amounts on screen: the API speaks integers in the currency's smallest unit;
// people type and read major units. Conversion is string arithmetic, never
// floating point.
export interface CurrencyAmountView {
  amount: number;
  currency: { code: string; decimals: number; symbol?: string };
}

export function formatMinor(amount: number | bigint | string, code: string, decimals: number): string {
  const n = BigInt(amount);
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals) || "0";
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${neg ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac} ${code}`;
}

export function formatAmount(a: CurrencyAmountView | null | undefined): string {
  return a ? formatMinor(a.amount, a.currency.code, a.currency.decimals) : "—";
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
