// Exchange Rates, Discoveries and receiver lookups.
import "server-only";
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { CountryCode, KnownCurrency } from "../common/schemas";
import { getPlatformSettings } from "../platform/config";
import { INSTITUTIONS } from "../discoveries/institutions";
import { lookupExternalAccount, lookupUma } from "../invitations/receiver";
import { listExchangeRates } from "./exchange-rates";

const Loose = z.object({}).loose();

// GET /exchange-rates – indicative rates with the platform's fees (cached ~5 minutes)
export const getExchangeRatesOperation = defineOperation({
  operationId: "getExchangeRates",
  method: "GET",
  path: "/exchange-rates",
  summary: "Get exchange rates",
  tag: "Exchange Rates",
  auth: "platform",
  permission: "VIEW",
  query: z.object({
    sourceCurrency: KnownCurrency.optional(),
    destinationCurrency: z.union([KnownCurrency, z.array(KnownCurrency).max(50)]).optional(),
    sendingAmount: z.coerce.number().int().min(1).max(100_000_000_000).optional(),
  }),
  responses: { 200: { description: "Rates per destination currency", schema: z.object({ data: z.array(Loose) }) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => {
    const settings = await getPlatformSettings(db(), ctx.platformId);
    const dest = query.destinationCurrency === undefined ? undefined : Array.isArray(query.destinationCurrency) ? query.destinationCurrency : [query.destinationCurrency];
    const { data, maxAge } = listExchangeRates(settings, { sourceCurrency: query.sourceCurrency, destinationCurrency: dest, sendingAmount: query.sendingAmount });
    return { status: 200, body: { data }, headers: { "cache-control": `private, max-age=${maxAge}` } };
  },
});

// GET /discoveries – receiving institutions and rails per country and currency
export const getDiscoveriesOperation = defineOperation({
  operationId: "getDiscoveries",
  method: "GET",
  path: "/discoveries",
  summary: "List available receiving institution names",
  tag: "Discoveries",
  auth: "platform",
  permission: "VIEW",
  query: z.object({ country: CountryCode.optional(), currency: KnownCurrency.optional() }),
  responses: { 200: { description: "Institutions", schema: z.object({ data: z.array(Loose) }) }, ...ErrorResponses },
  handle: async ({ query }) => ({
    status: 200,
    body: { data: INSTITUTIONS.filter((i) => (!query.country || i.country === query.country) && (!query.currency || i.currency === query.currency)) },
  }),
});

// GET /receiver/uma/{receiverUmaAddress} – what a UMA address can receive
export const lookupUmaOperation = defineOperation({
  operationId: "lookupUma",
  method: "GET",
  path: "/receiver/uma/{receiverUmaAddress}",
  summary: "Look up a UMA address for payment",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  params: z.object({ receiverUmaAddress: z.string().min(1).max(255) }),
  query: z.object({ senderUmaAddress: z.string().max(255).optional(), customerId: z.string().optional() }),
  responses: { 200: { description: "Receiver currencies and limits", schema: Loose }, ...ErrorResponses },
  handle: async ({ ctx, params, query }) => ({ status: 200, body: await lookupUma(db(), ctx.platformId, decodeURIComponent(params.receiverUmaAddress), query) }),
});

// GET /receiver/external-account/{accountId} – what an external account can receive
export const lookupExternalAccountOperation = defineOperation({
  operationId: "lookupExternalAccount",
  method: "GET",
  path: "/receiver/external-account/{accountId}",
  summary: "Look up an external account for payment",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  params: z.object({ accountId: z.string() }),
  query: z.object({ senderUmaAddress: z.string().max(255).optional(), customerId: z.string().optional() }),
  responses: { 200: { description: "Receiver currencies and limits", schema: Loose }, ...ErrorResponses },
  handle: async ({ ctx, params, query }) => ({ status: 200, body: await lookupExternalAccount(db(), ctx.platformId, decodeURIComponent(params.accountId), query) }),
});

export const fxOperations = [getExchangeRatesOperation, getDiscoveriesOperation, lookupUmaOperation, lookupExternalAccountOperation];
