// Cards: the operations of the reference's "Cards" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { createCard, listCards, getCard, updateCard } from "../../domain/cards/cards";
import { createReveal } from "../../domain/cards/reveal";
import {
  CardCreate,
  CardResponse,
  CardListQuery,
  CardIdParams,
  CardUpdate,
  CardRevealResponse,
} from "../../domain/cards/schemas";
import { pageSchema } from "../../kernel/pagination";

// POST /cards – issue a card to an approved cardholder
export const createCardOp = defineOperation({
  operationId: "createCard",
  method: "POST",
  path: "/cards",
  summary: "Issue a card",
  tag: "Cards",
  auth: "platform",
  permission: "TRANSACT",
  body: CardCreate,
  idempotency: "optional",
  responses: {
    201: { description: "The card, status PROCESSING until the issuer activates it", schema: CardResponse },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, body }) => ({ status: 201, body: await createCard(db(), ctx.platformId, body) }),
});

// GET /cards – list cards
export const listCardsOp = defineOperation({
  operationId: "listCards",
  method: "GET",
  path: "/cards",
  summary: "List cards",
  tag: "Cards",
  auth: "platform",
  permission: "VIEW",
  query: CardListQuery,
  responses: { 200: { description: "A page of cards", schema: pageSchema(CardResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listCards(db(), ctx.platformId, query) }),
});

// GET /cards/{id} – one card
export const getCardOp = defineOperation({
  operationId: "getCardById",
  method: "GET",
  path: "/cards/{id}",
  summary: "Get a card",
  tag: "Cards",
  auth: "platform",
  permission: "VIEW",
  params: CardIdParams,
  responses: { 200: { description: "The card", schema: CardResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await getCard(db(), ctx.platformId, params.id) }),
});

// PATCH /cards/{id} – freeze, unfreeze, close, or rebind the funding source
export const updateCardOp = defineOperation({
  operationId: "updateCardById",
  method: "PATCH",
  path: "/cards/{id}",
  summary: "Update a card's status or funding source",
  tag: "Cards",
  auth: "platform",
  permission: "TRANSACT",
  params: CardIdParams,
  body: CardUpdate,
  responses: { 200: { description: "The updated card", schema: CardResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await updateCard(db(), ctx.platformId, params.id, body),
  }),
});

// POST /cards/{id}/reveal – a short-lived single-use URL of the vault page showing PAN, CVV and expiry
export const revealCardOp = defineOperation({
  operationId: "revealCard",
  method: "POST",
  path: "/cards/{id}/reveal",
  summary: "Reveal card details in the vault iframe",
  tag: "Cards",
  auth: "platform",
  permission: "TRANSACT",
  params: CardIdParams,
  responses: {
    200: { description: "The vault URL to load in an iframe, and its expiry", schema: CardRevealResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({ status: 200, body: await createReveal(db(), ctx.platformId, params.id) }),
});

export const cardsOperations = [createCardOp, listCardsOp, getCardOp, updateCardOp, revealCardOp];
