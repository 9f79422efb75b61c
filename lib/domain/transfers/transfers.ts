// Same-currency transfers (deprecated in favour of quotes, still served) and
// the sandbox incoming UMA payment.
import "server-only";
import { customerAtUmaAddress } from "../customers/retrieve-customer";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField, invalidInput } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { pullPayoutOutcomeFor } from "../../sandbox/external-accounts";
import { UMA_ADDRESS_RE } from "../../sandbox/uma";
import {
  externalAccountsById,
  primaryIdentifier,
  storedAccountInfo,
  type ExternalAccountRow,
} from "../external-accounts/external-accounts";
import { getPlatformSettings } from "../platform/config";
import { addExecution, type TransferSpec } from "../transactions/execute-transfer";
import { applyPlan, emptyPlan, type DeferredOutcome } from "../transactions/engine";
import { loadForTransfer } from "../transactions/load";
import { serializeTransaction } from "../transactions/serialize";
import type { InternalAccountRow } from "../accounts/internal-accounts";

async function externalOrThrow(
  db: PrismaClient,
  platformId: string,
  id: string,
  field: string,
): Promise<ExternalAccountRow> {
  const uuid = parseApiId("ExternalAccount", id);
  if (!uuid) throw invalidInput([{ field, constraint: "FORMAT", message: "Expected ExternalAccount:<uuid>" }]);
  const [row] = await externalAccountsById(db, platformId, [uuid]);
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `External account ${id} not found`);
  if (row.status === "PENDING")
    throw new DomainError("BANK_ACCOUNT_VALIDATION_PENDING", "The bank account is still being validated; retry later");
  return row;
}

/** The internal account `id` names, with what a transfer reads beside it (lib/domain/transactions/load.ts). */
async function internalOrThrow(db: PrismaClient, platformId: string, id: string, field: string) {
  const uuid = parseApiId("InternalAccount", id);
  if (!uuid) throw invalidInput([{ field, constraint: "FORMAT", message: "Expected InternalAccount:<uuid>" }]);
  const { accounts, platformCustomerIds } = await loadForTransfer(db, platformId, [uuid]);
  const row = accounts.get(uuid);
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Internal account ${id} not found`);
  return { row, accounts, platformCustomerIds };
}

/**
 * Both accounts of a transfer, read side by side. A failure is reported as reading them one by one in `order` would
 * have: the first account's, then (internal first) `checkInternal`'s on the internal account, then the second's.
 */
async function bothAccounts(
  db: PrismaClient,
  platformId: string,
  internal: { id: string; field: string },
  external: { id: string; field: string },
  order: "external-first" | "internal-first",
  checkInternal: (row: InternalAccountRow) => void = () => undefined,
) {
  const [ext, int] = await Promise.allSettled([
    externalOrThrow(db, platformId, external.id, external.field),
    internalOrThrow(db, platformId, internal.id, internal.field),
  ]);
  if (order === "external-first" && ext.status === "rejected") throw ext.reason;
  if (int.status === "rejected") throw int.reason;
  checkInternal(int.value.row);
  if (ext.status === "rejected") throw ext.reason;
  return { external: ext.value, ...int.value };
}

function sameCurrency(a: string, b: string): void {
  if (a !== b)
    throw new DomainError(
      "INVALID_CURRENCY",
      `Same-currency transfers need both accounts in one currency (${a} vs ${b}); ` +
        "use /quotes for cross-currency transfers",
    );
}

async function run(
  db: PrismaClient,
  transfer: Omit<TransferSpec, "platformCustomerId">,
  accounts: Map<string, InternalAccountRow>,
  platformCustomerIds: Map<string, string>,
  amountField = "amount",
) {
  // Read with the account on the pool; through a transaction, read here.
  const platformCustomerId = transfer.customerId
    ? (platformCustomerIds.get(transfer.customerId) ??
      (await db.customer.findUnique({ where: { id: transfer.customerId }, select: { platformCustomerId: true } }))
        ?.platformCustomerId)
    : null;
  const spec: TransferSpec = { ...transfer, platformCustomerId: platformCustomerId ?? null };
  const plan = emptyPlan(spec.platformId);
  const row = addExecution(plan, spec, accounts);
  await applyPlan(db, plan, { amountField });
  return serializeTransaction(row);
}

function base(platformId: string, amount: number, currency: string, transactionId?: string) {
  return {
    platformId,
    transactionId: transactionId ?? newUuid(),
    quoteId: null,
    sendCurrency: currency,
    receiveCurrency: currency,
    sendTotal: BigInt(amount),
    receiveAmount: BigInt(amount),
    fees: 0n,
    exchangeRate: "1",
  };
}

/** POST /transfer-in: pull from an external account into an internal account. */
/** `opts.transactionId`: the id to give the transaction (an agent action names it before approval). */
export async function transferIn(
  db: PrismaClient,
  platformId: string,
  input: { source: { accountId: string }; destination: { accountId: string }; amount?: number },
  opts: { transactionId?: string } = {},
) {
  // The reference's "whole balance" default needs a balance Meridian can see; an external account's is not.
  if (input.amount === undefined) {
    throw invalidField(
      "amount",
      "amount is required on a transfer-in: the balance of the external source account is not known",
      "REQUIRED",
    );
  }
  const body = { ...input, amount: input.amount };
  const {
    external: ext,
    row: dest,
    accounts,
    platformCustomerIds,
  } = await bothAccounts(
    db,
    platformId,
    { id: body.destination.accountId, field: "destination.accountId" },
    { id: body.source.accountId, field: "source.accountId" },
    "external-first",
  );
  sameCurrency(ext.currency, dest.currency);
  return run(
    db,
    {
      ...base(platformId, body.amount, dest.currency, opts.transactionId),
      customerId: dest.customerId,
      type: "INCOMING",
      source: { sourceType: "ACCOUNT", accountId: toApiId("ExternalAccount", ext.id), currency: ext.currency },
      destination: {
        destinationType: "ACCOUNT",
        accountId: toApiId("InternalAccount", dest.id),
        currency: dest.currency,
      },
      sourceAccountId: null,
      destinationAccountId: dest.id,
      externalAccountId: ext.id,
      origin: { system: "PULL" },
      hold: { system: "IN_FLIGHT" },
      delivery: { account: dest.id, bucket: "available" },
      fundingOutcome: pullPayoutOutcomeFor(primaryIdentifier(storedAccountInfo(ext))),
      deliveryOutcome: { kind: "succeed" },
    },
    accounts,
    platformCustomerIds,
  );
}

type TransferOutBody = {
  source: { accountId: string };
  destination: { accountId: string; paymentRail?: string };
  amount: number;
  remittanceInformation?: string;
};

/** A checked POST /transfer-out: both accounts found, one currency. */
export interface PreparedTransferOut {
  platformId: string;
  body: TransferOutBody;
  source: InternalAccountRow;
  destination: ExternalAccountRow;
  accounts: Map<string, InternalAccountRow>;
  /** The source's customer's platform id, when read with the account. */
  platformCustomerIds: Map<string, string>;
}

/**
 * Without an amount (the reference makes it optional) a transfer-out pays out
 * the source's whole available balance as read here; the ledger still refuses
 * the debit if the balance fell in between.
 */
export async function prepareTransferOut(
  db: PrismaClient,
  platformId: string,
  input: Omit<TransferOutBody, "amount"> & { amount?: number },
): Promise<PreparedTransferOut> {
  const {
    row: source,
    external: destination,
    accounts,
    platformCustomerIds,
  } = await bothAccounts(
    db,
    platformId,
    { id: input.source.accountId, field: "source.accountId" },
    { id: input.destination.accountId, field: "destination.accountId" },
    "internal-first",
    (row) => {
      // The spec's signed-retry flows (Authentication 5) include a quote's execute from a wallet, not this deprecated
      // operation, and the reference answers it 201 only: a wallet pays out through a quote, signed on execute.
      if (row.type === "EMBEDDED_WALLET")
        throw invalidField(
          "source.accountId",
          "An embedded wallet pays out through a quote (POST /quotes, then POST /quotes/{quoteId}/execute with the " +
            "holder's signed retry), not POST /transfer-out",
        );
    },
  );
  sameCurrency(source.currency, destination.currency);
  if (input.amount === undefined && source.available <= 0n) {
    throw new DomainError("INVALID_AMOUNT", "The source account has no available balance to transfer");
  }
  const body = { ...input, amount: input.amount ?? Number(source.available) };
  return { platformId, body, source, destination, accounts, platformCustomerIds };
}

/** Pays out a prepared transfer-out (never from an embedded wallet: prepareTransferOut refuses one). */
export async function executeTransferOut(
  db: PrismaClient,
  p: PreparedTransferOut,
  opts: { transactionId?: string } = {},
) {
  const { platformId, body, source: src, destination: ext } = p;
  const o = pullPayoutOutcomeFor(primaryIdentifier(storedAccountInfo(ext)));
  const deliveryOutcome: DeferredOutcome =
    o.kind === "succeed" ? { kind: "succeed" } : { kind: o.kind, failureReason: o.failureReason };
  return run(
    db,
    {
      ...base(platformId, body.amount, src.currency, opts.transactionId),
      customerId: src.customerId,
      type: "OUTGOING",
      source: { sourceType: "ACCOUNT", accountId: toApiId("InternalAccount", src.id), currency: src.currency },
      destination: {
        destinationType: "ACCOUNT",
        accountId: toApiId("ExternalAccount", ext.id),
        currency: ext.currency,
        ...(body.destination.paymentRail ? { paymentRail: body.destination.paymentRail } : {}),
      },
      sourceAccountId: src.id,
      destinationAccountId: null,
      externalAccountId: ext.id,
      origin: { account: src.id, bucket: "available" },
      hold: { account: src.id, bucket: "pending" },
      delivery: { system: "PAYOUT" },
      deliveryOutcome,
      description: body.remittanceInformation ?? null,
      paymentRail: body.destination.paymentRail ?? null,
    },
    p.accounts,
    p.platformCustomerIds,
  );
}

/** POST /transfer-out without a wallet holder's approval (an embedded wallet source is refused by the ledger). */
export async function transferOut(
  db: PrismaClient,
  platformId: string,
  body: TransferOutBody,
  opts: { transactionId?: string } = {},
) {
  return executeTransferOut(db, await prepareTransferOut(db, platformId, body), opts);
}

/**
 * POST /sandbox/uma/receive: an incoming UMA payment. It lands in the
 * customer's default UMA deposit external account if one is set, else in
 * their internal account of that currency. A platform with a webhook endpoint
 * decides on it (INCOMING_PAYMENT.PENDING, then POST /transactions/{id}/approve
 * or /reject); without one it completes at once.
 */
export async function receiveUmaPayment(
  db: PrismaClient,
  platformId: string,
  body: {
    senderUmaAddress: string;
    receiverUmaAddress?: string;
    customerId?: string;
    receivingCurrencyCode: string;
    receivingCurrencyAmount: number;
  },
) {
  if (!UMA_ADDRESS_RE.test(body.senderUmaAddress))
    throw new DomainError("INVALID_UMA_ADDRESS", `${body.senderUmaAddress} is not a UMA address ($user@domain)`, {
      field: "senderUmaAddress",
    });
  if (body.receiverUmaAddress !== undefined && !UMA_ADDRESS_RE.test(body.receiverUmaAddress)) {
    throw new DomainError("INVALID_UMA_ADDRESS", `${body.receiverUmaAddress} is not a UMA address ($user@domain)`, {
      field: "receiverUmaAddress",
    });
  }
  const customerUuid = body.customerId ? parseApiId("Customer", body.customerId) : null;
  const customer = customerUuid
    ? await db.customer.findFirst({ where: { platformId, deletedAt: null, id: customerUuid } })
    : await customerAtUmaAddress(db, platformId, body.receiverUmaAddress ?? "");
  if (!customer)
    throw new DomainError(
      "UMA_NOT_FOUND",
      `No customer of this platform receives at ${body.receiverUmaAddress ?? body.customerId}`,
    );
  const currency = body.receivingCurrencyCode;
  const deposit = await db.externalAccount.findFirst({
    where: { platformId, customerId: customer.id, defaultUmaDepositAccount: true, deletedAt: null, currency },
  });
  const internal = deposit
    ? null
    : await db.internalAccount.findFirst({
        where: { platformId, customerId: customer.id, currency, status: "ACTIVE", type: { not: "EMBEDDED_WALLET" } },
      });
  if (!deposit && !internal) throw new DomainError("INVALID_CURRENCY", `The receiver has no ${currency} account`);
  const settings = await getPlatformSettings(db, platformId);
  const accounts = internal ? new Map([[internal.id, internal]]) : new Map();
  return run(
    db,
    {
      ...base(platformId, body.receivingCurrencyAmount, currency),
      customerId: customer.id,
      type: "INCOMING",
      source: { sourceType: "UMA_ADDRESS", umaAddress: body.senderUmaAddress, currency },
      destination: internal
        ? { destinationType: "ACCOUNT", accountId: toApiId("InternalAccount", internal.id), currency }
        : { destinationType: "ACCOUNT", accountId: toApiId("ExternalAccount", deposit!.id), currency },
      sourceAccountId: null,
      destinationAccountId: internal?.id ?? null,
      externalAccountId: deposit?.id ?? null,
      origin: { system: "UMA_IN" },
      hold: { system: "IN_FLIGHT" },
      delivery: internal ? { account: internal.id, bucket: "available" } : { system: "PAYOUT" },
      deliveryOutcome: { kind: "succeed" },
      awaitApproval: settings.webhookEndpoint !== null,
    },
    accounts,
    new Map([[customer.id, customer.platformCustomerId]]),
    "receivingCurrencyAmount",
  );
}
