// Quote maths in integers only: conversion through the sandbox rate table,
// the platform's fee configs, and the single-transaction limits.
import "server-only";
import { DomainError } from "../../kernel/errors";
import { currencyInfo } from "../currencies";
import { hasRate, rateScaled } from "../../sandbox/rates";
import type { PlatformSettings } from "../platform/config";
import { assertRepresentableAmount } from "../common/schemas";

const pow10 = (n: number) => 10n ** BigInt(n);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function decimals(code: string): number {
  return currencyInfo(code)?.decimals ?? 2;
}

/** Minor units of `to` for `amount` minor units of `from` (floor). */
export function convert(amount: bigint, from: string, to: string, round: "floor" | "ceil" = "floor"): bigint {
  if (from === to) return amount;
  const num = amount * rateScaled(to) * pow10(decimals(to));
  const den = rateScaled(from) * pow10(decimals(from));
  return round === "floor" ? num / den : ceilDiv(num, den);
}

/** Major units of `to` per major unit of `from`, as a decimal string (display only). */
export function exchangeRateOf(from: string, to: string): string {
  if (from === to) return "1";
  const scale = 10n ** 12n;
  const r = (rateScaled(to) * scale) / rateScaled(from);
  const whole = r / scale;
  const frac = (r % scale).toString().padStart(12, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

export interface FeeRule {
  variableFeeBps: number;
  fixedFee: bigint;
}

/** The platform's fee for a transfer out of `sending` (cross-currency transfers only, per feeType). */
export function feeRuleFor(
  settings: Pick<PlatformSettings, "feeConfigs">,
  sending: string,
  receiving: string,
): FeeRule {
  if (sending === receiving) return { variableFeeBps: 0, fixedFee: 0n };
  const cfg = settings.feeConfigs.find(
    (f) => f.feeType === "CROSS_CURRENCY_TRANSACTION" && f.sourceCurrency === sending,
  );
  if (!cfg) return { variableFeeBps: 0, fixedFee: 0n };
  const fixed = hasRate(cfg.fixedFee.currency)
    ? convert(BigInt(cfg.fixedFee.amount), cfg.fixedFee.currency, sending, "ceil")
    : BigInt(cfg.fixedFee.amount);
  return { variableFeeBps: cfg.variableFeeBps, fixedFee: fixed };
}

export interface Priced {
  totalSendingAmount: bigint;
  totalReceivingAmount: bigint;
  fees: bigint;
  exchangeRate: string;
}

export function price(
  side: "SENDING" | "RECEIVING",
  amount: bigint,
  sending: string,
  receiving: string,
  fee: FeeRule,
): Priced {
  if (!hasRate(sending) || !hasRate(receiving)) {
    const missing = hasRate(sending) ? receiving : sending;
    throw new DomainError("QUOTE_RATE_UNAVAILABLE", `No exchange rate is available for ${missing} right now`, {
      sendingCurrency: sending,
      receivingCurrency: receiving,
    });
  }
  let total: bigint;
  let fees: bigint;
  let net: bigint;
  let recv: bigint;
  if (side === "SENDING") {
    total = amount;
    fees = fee.fixedFee + ceilDiv(amount * BigInt(fee.variableFeeBps), 10_000n);
    net = total - fees;
    if (net <= 0n)
      throw new DomainError("INVALID_AMOUNT", "The amount does not cover the fees", { fees: Number(fees) });
    recv = convert(net, sending, receiving, "floor");
    if (recv <= 0n)
      throw new DomainError("INVALID_AMOUNT", "The amount is too small to deliver anything in the receiving currency");
  } else {
    recv = amount;
    net = convert(amount, receiving, sending, "ceil");
    fees = fee.fixedFee + ceilDiv(net * BigInt(fee.variableFeeBps), 10_000n);
    total = net + fees;
  }
  // The locked amount is within bounds (schema); what the conversion and fees make of it must be too.
  assertRepresentableAmount(total, "lockedCurrencyAmount", `The total sending amount in ${sending}`);
  assertRepresentableAmount(recv, "lockedCurrencyAmount", `The receiving amount in ${receiving}`);
  return {
    totalSendingAmount: total,
    totalReceivingAmount: recv,
    fees,
    exchangeRate: exchangeRateOf(sending, receiving),
  };
}

/** TRANSACTION_SIZE_LIMIT_EXCEEDED per the platform's corridor and withdrawal-currency maximums. */
export function checkLimits(
  settings: Pick<PlatformSettings, "transactionLimits">,
  sending: string,
  receiving: string,
  p: Priced,
): void {
  for (const l of settings.transactionLimits) {
    if (l.sendingCurrency) {
      if (
        l.sendingCurrency === sending &&
        l.receivingCurrency === receiving &&
        p.totalSendingAmount > BigInt(l.maxAmount)
      ) {
        throw new DomainError(
          "TRANSACTION_SIZE_LIMIT_EXCEEDED",
          `The maximum single transaction from ${sending} to ${receiving} is ${l.maxAmount} (smallest ${sending} unit)`,
          { maxAmount: l.maxAmount, currency: sending },
        );
      }
    } else if (l.receivingCurrency === receiving && p.totalReceivingAmount > BigInt(l.maxAmount)) {
      throw new DomainError(
        "TRANSACTION_SIZE_LIMIT_EXCEEDED",
        `The maximum single withdrawal in ${receiving} is ${l.maxAmount} (smallest ${receiving} unit)`,
        { maxAmount: l.maxAmount, currency: receiving },
      );
    }
  }
}

/** Value in US cents, for thresholds (e.g. the Travel Rule's wallet-verification threshold). */
export function usdCents(amount: bigint, currency: string): bigint {
  return hasRate(currency) ? convert(amount, currency, "USD") : 0n;
}

/**
 * Transfers to a wallet whose ownership is not yet verified are allowed below this (US cents; EUR 1,000 ≈ USD 1,000).
 */
export const OWNERSHIP_VERIFICATION_THRESHOLD_CENTS = 100_000n;
