// POST /crypto/estimate-withdrawal-fee: what withdrawing `amount` of a crypto
// internal account's asset to an address would cost. The network fee comes
// from the sandbox fee table (lib/sandbox/withdrawal-fees.ts) and is converted
// into the withdrawal currency at the sandbox rates, rounded up; Meridian
// charges no application fee on withdrawals. Nothing is reserved or moved.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { currencyInfo } from "../currencies";
import { convert } from "../fx/pricing";
import { SANDBOX_NETWORK_FEES } from "../../sandbox/withdrawal-fees";

export interface WithdrawalFeeInput {
  internalAccountId: string;
  currency: string;
  cryptoNetwork: string;
  amount: number;
  destinationAddress: string;
}

export async function estimateWithdrawalFee(db: PrismaClient, platformId: string, input: WithdrawalFeeInput) {
  const uuid = parseApiId("InternalAccount", input.internalAccountId);
  const account = uuid ? await db.internalAccount.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!account) throw new DomainError("REFERENCE_NOT_FOUND", `Internal account ${input.internalAccountId} not found`);
  if (currencyInfo(account.currency)?.kind !== "CRYPTO") {
    throw invalidField("internalAccountId", `Internal account holds ${account.currency}, not a crypto asset`);
  }
  if (input.currency !== account.currency) {
    throw invalidField("currency", `The internal account holds ${account.currency}`, "ENUM");
  }
  const network = SANDBOX_NETWORK_FEES[input.cryptoNetwork];
  if (!network) {
    throw invalidField(
      "cryptoNetwork",
      `Unknown network; one of ${Object.keys(SANDBOX_NETWORK_FEES).join(", ")}`,
      "ENUM",
    );
  }
  const totalFee = convert(BigInt(network.usdMicros), "USDC", input.currency, "ceil");
  const amount = BigInt(input.amount);
  if (amount <= totalFee) {
    throw new DomainError("AMOUNT_OUT_OF_RANGE", `The amount does not cover the withdrawal fee of ${totalFee}`, {
      totalFee: Number(totalFee),
    });
  }
  return {
    networkFee: network.fee,
    networkFeeAsset: network.asset,
    applicationFee: 0,
    totalFee: Number(totalFee),
    netAmount: Number(amount - totalFee),
  };
}
