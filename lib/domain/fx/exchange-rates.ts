// GET /exchange-rates: indicative rates from the sandbox rate table with the
// platform's fees applied. The rate snapshot is cached for about 5 minutes
// (its updatedAt says when it was taken); fees come from the current
// feeConfigs on every call, so a config change shows at once.
import "server-only";
import { DomainError } from "../../kernel/errors";
import { currencyInfo, currencyObject } from "../currencies";
import { UNITS_PER_USD } from "../../sandbox/rates";
import type { PlatformSettings } from "../platform/config";
import { feeRuleFor, price } from "./pricing";
import { DEFAULT_RAIL } from "../discoveries/institutions";

export const RATE_CACHE_MS = 5 * 60_000;

let snapshot: { takenAt: Date; currencies: string[] } | null = null;

/** The cached rate snapshot; refreshed when older than RATE_CACHE_MS. */
export function rateSnapshot(now = new Date()) {
  if (!snapshot || now.getTime() - snapshot.takenAt.getTime() >= RATE_CACHE_MS) {
    snapshot = { takenAt: now, currencies: Object.keys(UNITS_PER_USD) };
  }
  return snapshot;
}

export function listExchangeRates(
  settings: PlatformSettings,
  q: { sourceCurrency?: string; destinationCurrency?: string[]; sendingAmount?: number },
) {
  const snap = rateSnapshot();
  const source = q.sourceCurrency ?? "USD";
  if (!snap.currencies.includes(source))
    throw new DomainError("QUOTE_RATE_UNAVAILABLE", `No exchange rate is available for ${source}`);
  const destinations = (
    q.destinationCurrency && q.destinationCurrency.length > 0
      ? q.destinationCurrency
      : snap.currencies.filter((c) => c !== source && currencyInfo(c)?.kind === "FIAT")
  ).filter((c) => snap.currencies.includes(c) && c !== source && currencyInfo(c)?.kind === "FIAT");
  const cfg = settings.supportedCurrencies.find((c) => c.currencyCode === source);
  const min = cfg?.minAmount ?? 1;
  const max = cfg?.maxAmount ?? 100_000_000_000;
  const sendingAmount = BigInt(q.sendingAmount ?? 10_000);
  const data = destinations.map((dest) => {
    const rule = feeRuleFor(settings, source, dest);
    const p = price("SENDING", sendingAmount, source, dest, rule);
    return {
      sourceCurrency: currencyObject(source),
      destinationCurrency: currencyObject(dest),
      destinationPaymentRail: DEFAULT_RAIL[dest] ?? ("BANK_TRANSFER" as const),
      sendingAmount: Number(sendingAmount),
      minSendingAmount: min,
      maxSendingAmount: max,
      receivingAmount: Number(p.totalReceivingAmount),
      exchangeRate: Number(p.exchangeRate),
      fees: { fixed: Number(rule.fixedFee), total: Number(p.fees) },
      updatedAt: snap.takenAt.toISOString(),
    };
  });
  const maxAge = Math.max(0, Math.round((RATE_CACHE_MS - (Date.now() - snap.takenAt.getTime())) / 1000));
  return { data, maxAge };
}
