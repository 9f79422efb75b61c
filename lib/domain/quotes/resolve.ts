// Resolves a quote's parties: where its money comes from and goes (internal
// account, external account, real-time funding, UMA), the sandbox outcomes of
// each, and the transfer spec the money engine executes.
import { customerAtUmaAddress } from "../customers/retrieve-customer";
import type { PrismaClient } from "../../db/generated/client";
import { parseApiId, toApiId } from "../../ids";
import { DomainError, invalidInput } from "../../kernel/errors";
import {
  type SandboxTransferOutcome,
  pullPayoutOutcomeFor,
  quoteDestinationOutcomeFor,
} from "../../sandbox/external-accounts";
import { UMA_ADDRESS_RE, umaScenario } from "../../sandbox/uma";
import { type InternalAccountRow, fundingInstructions } from "../accounts/internal-accounts";
import { currencyInfo } from "../currencies";
import {
  type ExternalAccountRow,
  externalAccountsById,
  primaryIdentifier,
  storedAccountInfo,
} from "../external-accounts/external-accounts";
import { type DeferredOutcome, type Loc, loadAccounts, type PlanJson } from "../transactions/engine";
import { counterpartyOf } from "../transactions/counterparty";
import { type ReceiverSide, type TransferSpec, addExecution } from "../transactions/execute-transfer";
import type { QuoteCreate } from "./schemas";
import type { QuoteRow } from "./serialize";

function uuidOf(type: "InternalAccount" | "ExternalAccount", id: string): string | null {
  return parseApiId(type, id);
}

function umaOutcome(kind: string, failureReason?: string): DeferredOutcome {
  if (kind === "fail") return { kind: "fail", failureReason };
  if (kind === "long-success") return { kind: "long-success" };
  return { kind: "succeed" };
}

function activeExternal(row: ExternalAccountRow, role: "source" | "destination"): void {
  if (row.status === "PENDING") {
    throw new DomainError(
      "BANK_ACCOUNT_VALIDATION_PENDING",
      "The bank account is still being validated (micro-entry and return window); retry later",
      {
        externalAccountId: toApiId("ExternalAccount", row.id),
      },
    );
  }
  if (row.status === "INACTIVE" || row.status === "UNDER_REVIEW") {
    throw new DomainError("INVALID_BANK_ACCOUNT", `The ${role} external account is ${row.status} and cannot be used`);
  }
}

export interface Resolved {
  customerId: string | null;
  platformCustomerId: string | null;
  sourceKind: "INTERNAL" | "PULL" | "REALTIME";
  sourceAccount: InternalAccountRow | null;
  sourceExternal: ExternalAccountRow | null;
  destinationKind: "INTERNAL" | "EXTERNAL" | "UMA";
  destinationAccount: InternalAccountRow | null;
  destinationExternal: ExternalAccountRow | null;
  destinationUma: string | null;
  sendingCurrency: string;
  receivingCurrency: string;
  origin: Loc;
  hold: Loc;
  delivery: Loc;
  fundingOutcome?: SandboxTransferOutcome;
  deliveryOutcome: DeferredOutcome;
  /** A UMA address of another customer of this platform: they receive an INCOMING transaction when it settles. */
  receiver: ReceiverSide | null;
}

export function internalIdsOf(body: Pick<QuoteCreate, "source" | "destination">): (string | null)[] {
  return [
    body.source.sourceType === "ACCOUNT" ? uuidOf("InternalAccount", body.source.accountId) : null,
    body.destination.destinationType === "ACCOUNT" ? uuidOf("InternalAccount", body.destination.accountId) : null,
  ];
}

/** `preloaded`: the internal accounts the body names, when the caller already read them. */
export async function resolve(
  db: PrismaClient,
  platformId: string,
  body: QuoteCreate,
  preloaded?: Map<string, InternalAccountRow>,
  platformCustomerIds?: Map<string, string>,
): Promise<Resolved> {
  const src = body.source;
  const dst = body.destination;
  const internalIds = internalIdsOf(body);
  const externalIds = [
    src.sourceType === "ACCOUNT" ? uuidOf("ExternalAccount", src.accountId) : null,
    dst.destinationType === "ACCOUNT" ? uuidOf("ExternalAccount", dst.accountId) : null,
  ];
  const wantedExternals = externalIds.filter((x): x is string => !!x);
  const [internals, externals] = await Promise.all([
    preloaded ?? loadAccounts(db, platformId, internalIds),
    wantedExternals.length === 0 ? Promise.resolve([]) : externalAccountsById(db, platformId, wantedExternals),
  ]);
  const ext = new Map(externals.map((e) => [e.id, e]));

  const r: Partial<Resolved> = {};
  let receiverRow: { id: string; platformCustomerId: string } | null = null;
  if (src.sourceType === "ACCOUNT") {
    const acct = internalIds[0] ? internals.get(internalIds[0]) : undefined;
    const extAcct = externalIds[0] ? ext.get(externalIds[0]) : undefined;
    if (acct) {
      if (acct.status !== "ACTIVE") throw new DomainError("CONFLICT", `The source account is ${acct.status}`);
      r.sourceKind = "INTERNAL";
      r.sourceAccount = acct;
      r.customerId = acct.customerId;
      r.sendingCurrency = acct.currency;
      r.origin = { account: acct.id, bucket: "available" };
      r.hold = { account: acct.id, bucket: "pending" };
    } else if (extAcct) {
      activeExternal(extAcct, "source");
      r.sourceKind = "PULL";
      r.sourceExternal = extAcct;
      r.customerId = extAcct.customerId;
      r.sendingCurrency = extAcct.currency;
      r.origin = { system: "PULL" };
      r.hold = { system: "IN_FLIGHT" };
      r.fundingOutcome = pullPayoutOutcomeFor(primaryIdentifier(storedAccountInfo(extAcct)));
    } else {
      throw new DomainError("REFERENCE_NOT_FOUND", `Source account ${src.accountId} not found`);
    }
    if (src.customerId && toApiId("Customer", r.customerId ?? "") !== src.customerId) {
      throw invalidInput([
        {
          field: "source.customerId",
          constraint: "INVALID",
          message: "The source account does not belong to this customer",
        },
      ]);
    }
  } else {
    const cust = src.customerId ? parseApiId("Customer", src.customerId) : null;
    if (
      cust &&
      !(await db.customer.findFirst({ where: { id: cust, platformId, deletedAt: null }, select: { id: true } }))
    ) {
      throw new DomainError("USER_NOT_FOUND", `Customer ${src.customerId} not found`);
    }
    r.sourceKind = "REALTIME";
    r.customerId = cust;
    r.sendingCurrency = src.currency;
    r.origin = { system: "REALTIME_FUNDING" };
    r.hold = { system: "IN_FLIGHT" };
  }

  if (dst.destinationType === "ACCOUNT") {
    const acct = internalIds[1] ? internals.get(internalIds[1]) : undefined;
    const extAcct = externalIds[1] ? ext.get(externalIds[1]) : undefined;
    if (acct) {
      if (r.sourceAccount && acct.id === r.sourceAccount.id)
        throw new DomainError("SELF_PAYMENT", "The source and destination are the same account");
      r.destinationKind = "INTERNAL";
      r.destinationAccount = acct;
      r.receivingCurrency = acct.currency;
      r.delivery = { account: acct.id, bucket: "available" };
      r.deliveryOutcome = { kind: "succeed" };
    } else if (extAcct) {
      if (r.sourceExternal && extAcct.id === r.sourceExternal.id)
        throw new DomainError("SELF_PAYMENT", "The source and destination are the same account");
      activeExternal(extAcct, "destination");
      r.destinationKind = "EXTERNAL";
      r.destinationExternal = extAcct;
      r.receivingCurrency = extAcct.currency;
      r.delivery = { system: "PAYOUT" };
      const o = quoteDestinationOutcomeFor(primaryIdentifier(storedAccountInfo(extAcct)));
      r.deliveryOutcome = { kind: o.kind, failureReason: o.failureReason, refundFails: o.refundFails };
    } else {
      throw new DomainError("REFERENCE_NOT_FOUND", `Destination account ${dst.accountId} not found`);
    }
  } else {
    if (!UMA_ADDRESS_RE.test(dst.umaAddress))
      throw new DomainError("INVALID_UMA_ADDRESS", `${dst.umaAddress} is not a UMA address ($user@domain)`);
    const scenario = umaScenario(dst.umaAddress);
    r.destinationKind = "UMA";
    r.destinationUma = dst.umaAddress;
    if (scenario) {
      if (dst.currency && dst.currency !== scenario.currency)
        throw new DomainError("INVALID_CURRENCY", `${dst.umaAddress} receives ${scenario.currency}`);
      r.receivingCurrency = scenario.currency;
      r.delivery = { system: "UMA" };
      r.deliveryOutcome = umaOutcome(scenario.kind, scenario.failureReason);
    } else {
      // A customer of this platform: the payment lands in their internal account.
      const receiver = await customerAtUmaAddress(db, platformId, dst.umaAddress);
      if (!receiver) throw new DomainError("INVALID_UMA_ADDRESS", `No UMA receiver answers at ${dst.umaAddress}`);
      if (receiver.id === r.customerId)
        throw new DomainError("SELF_PAYMENT", "A customer cannot pay their own UMA address");
      const accounts = await db.internalAccount.findMany({
        where: { platformId, customerId: receiver.id, status: "ACTIVE", type: { not: "EMBEDDED_WALLET" } },
        orderBy: { id: "asc" },
      });
      const target = dst.currency ? accounts.find((a) => a.currency === dst.currency) : accounts[0];
      if (!target)
        throw new DomainError("INVALID_CURRENCY", `${dst.umaAddress} cannot receive ${dst.currency ?? "any currency"}`);
      r.destinationAccount = target;
      r.receivingCurrency = target.currency;
      r.delivery = { account: target.id, bucket: "available" };
      r.deliveryOutcome = { kind: "succeed" };
      receiverRow = receiver;
    }
  }
  // The sender's own id came with their account (lib/domain/transactions/load.ts) unless the receiver needs more.
  const knownPlatformCustomerId = r.customerId && !receiverRow ? platformCustomerIds?.get(r.customerId) : undefined;
  const customer =
    r.customerId && !knownPlatformCustomerId
      ? await db.customer.findUnique({
          where: { id: r.customerId },
          select: { platformCustomerId: true, umaAddress: true, customerType: true, profile: true },
        })
      : null;
  return {
    sourceAccount: null,
    sourceExternal: null,
    destinationAccount: null,
    destinationExternal: null,
    destinationUma: null,
    ...r,
    platformCustomerId: knownPlatformCustomerId ?? customer?.platformCustomerId ?? null,
    receiver: receiverRow
      ? {
          customerId: receiverRow.id,
          platformCustomerId: receiverRow.platformCustomerId,
          // The sender as the receiver sees them: their UMA address and name; a payment from the platform's
          // own account (no customer) keeps the source it was sent from.
          source: customer
            ? { sourceType: "UMA_ADDRESS", umaAddress: customer.umaAddress, currency: r.sendingCurrency }
            : (body.source as Record<string, unknown>),
          counterparty: customer ? counterpartyOf(customer) : null,
        }
      : null,
  } as Resolved;
}

export function specOf(
  q: QuoteRow,
  res: Pick<Resolved, "origin" | "hold" | "delivery" | "fundingOutcome" | "deliveryOutcome"> &
    Partial<Pick<Resolved, "receiver">>,
  description: string | null,
  paymentRail: string | null,
): TransferSpec {
  return {
    platformId: q.platformId,
    transactionId: q.transactionId,
    customerId: q.customerId,
    platformCustomerId: q.platformCustomerId,
    quoteId: q.id,
    type: "OUTGOING",
    source: q.source as Record<string, unknown>,
    destination: q.destination as Record<string, unknown>,
    sourceAccountId: q.sourceAccountId,
    destinationAccountId: q.destinationAccountId,
    externalAccountId: q.destinationExternalAccountId ?? q.sourceExternalAccountId,
    origin: res.origin,
    hold: res.hold,
    delivery: res.delivery,
    sendCurrency: q.sendingCurrency,
    sendTotal: q.totalSendingAmount,
    fees: q.fees,
    receiveCurrency: q.receivingCurrency,
    receiveAmount: q.totalReceivingAmount,
    exchangeRate: q.exchangeRate,
    fundingOutcome: res.fundingOutcome,
    deliveryOutcome: res.deliveryOutcome,
    receiver: res.receiver ?? null,
    description,
    paymentRail,
  };
}

/**
 * Where a quote's money would come from and go, read from the quote alone (for a transaction that moves nothing yet).
 */
function quoteLocations(q: QuoteRow): { origin: Loc; hold: Loc; delivery: Loc } {
  const origin: Loc = q.sourceAccountId
    ? { account: q.sourceAccountId, bucket: "available" }
    : { system: q.sourceKind === "REALTIME" ? "REALTIME_FUNDING" : "PULL" };
  const delivery: Loc = q.destinationAccountId
    ? { account: q.destinationAccountId, bucket: "available" }
    : { system: q.destinationKind === "UMA" ? "UMA" : "PAYOUT" };
  return { origin, hold: origin, delivery };
}

/**
 * Adds the quote's transaction to `plan` as waiting, before any money moves: a
 * real-time funded quote waits for its payment (PENDING), an SCA quote for
 * authorization (PENDING_AUTHORIZATION). Its webhooks go out now; the execution
 * later updates the row.
 */
export function announceQuoteTransaction(
  plan: PlanJson,
  q: QuoteRow,
  waitingFor: "PENDING" | "PENDING_AUTHORIZATION",
): void {
  const rail = (q.destination as { paymentRail?: string }).paymentRail ?? null;
  addExecution(
    plan,
    { ...specOf(q, { ...quoteLocations(q), deliveryOutcome: { kind: "succeed" } }, q.description, rail), waitingFor },
    new Map(),
  );
}

export function realtimeInstructions(quoteId: string, currency: string) {
  const reference = `MRDQ${quoteId.replace(/-/g, "").slice(-12).toUpperCase()}`;
  const info = fundingInstructions({
    id: quoteId,
    currency,
    type: currencyInfo(currency)?.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT",
  })[0];
  // the quote's own reference where the payment account variant has one (the reference's PaymentInstructions
  // has no top-level member for it); the notes name it in every case
  const wallet = info.accountOrWalletInfo;
  return [
    {
      instructionsNotes: `Send exactly the totalSendingAmount with reference ${reference} before the quote expires`,
      isPlatformAccount: true,
      accountOrWalletInfo: "reference" in wallet ? { ...wallet, reference } : wallet,
    },
  ];
}

/** Re-resolves a stored quote's money locations and sandbox outcomes at execution time. */
export async function resolveStored(db: PrismaClient, q: QuoteRow) {
  const body = {
    source: q.source,
    destination: q.destination,
    lockedCurrencySide: q.lockedCurrencySide,
    lockedCurrencyAmount: Number(q.lockedCurrencyAmount),
  } as QuoteCreate;
  return resolve(db, q.platformId, body);
}
