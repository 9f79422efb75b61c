// Invitations: the operations of the reference's "Invitations" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept, refusal400 } from "../responses";
import { db } from "../../db/client";
import { CurrencyAmountResponse, PositiveMinorUnits } from "../../domain/common/schemas";
import {
  createInvitation,
  retrieveInvitation,
  claimInvitation,
  cancelInvitation,
} from "../../domain/invitations/invitations";

/** The reference's UmaInvitation, exactly as serializeInvitation writes it. */
const Invitation = z.strictObject({
  code: z.string(),
  url: z.string(),
  status: z.enum(["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"]),
  inviterUma: z.string(),
  inviteeUma: z.string().optional(),
  firstName: z.string().optional(),
  amountToSend: CurrencyAmountResponse.optional(),
  createdAt: z.string(),
  claimedAt: z.string().optional(),
  expiresAt: z.string().optional(),
});

const Params = z.object({ invitationCode: z.string().min(1).max(64) });

const TAG = "Invitations";

// POST /invitations – invite someone by link
export const createInvitationOperation = defineOperation({
  operationId: "createInvitation",
  method: "POST",
  path: "/invitations",
  summary: "Create an invitation",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  body: z.object({
    inviterUma: z.string().min(1).max(255),
    firstName: z.string().trim().min(1).max(255).optional(),
    amountToSend: PositiveMinorUnits.optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  }),
  responses: { 201: { description: "The invitation", schema: Invitation }, ...errorResponsesExcept(404, 409) },
  handle: async ({ ctx, body }) => ({ status: 201, body: await createInvitation(db(), ctx.platformId, body) }),
});

// GET /invitations/{invitationCode} – one invitation
export const getInvitationOperation = defineOperation({
  operationId: "getInvitation",
  method: "GET",
  path: "/invitations/{invitationCode}",
  summary: "Get an invitation by code",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  params: Params,
  responses: { 200: { description: "The invitation", schema: Invitation }, ...ErrorResponses },
  handle: async ({ params }) => ({ status: 200, body: await retrieveInvitation(db(), params.invitationCode) }),
});

// POST /invitations/{invitationCode}/claim – the invitee claims it
export const claimInvitationOperation = defineOperation({
  operationId: "claimInvitation",
  method: "POST",
  path: "/invitations/{invitationCode}/claim",
  summary: "Claim an invitation",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: Params,
  body: z.object({ inviteeUma: z.string().min(1).max(255) }),
  responses: { 200: { description: "The claimed invitation", schema: Invitation }, ...errorResponsesExcept(409) },
  handle: async ({ params, body }) => ({
    status: 200,
    body: await claimInvitation(db(), params.invitationCode, body.inviteeUma),
  }),
});

// POST /invitations/{invitationCode}/cancel – the creating platform withdraws it
export const cancelInvitationOperation = defineOperation({
  operationId: "cancelInvitation",
  method: "POST",
  path: "/invitations/{invitationCode}/cancel",
  summary: "Cancel an invitation",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: Params,
  responses: {
    200: { description: "The cancelled invitation", schema: Invitation },
    ...errorResponsesExcept(409),
    ...refusal400("The invitation was already claimed or cancelled"),
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await cancelInvitation(db(), ctx.platformId, params.invitationCode),
  }),
});

export const invitationsOperations = [
  createInvitationOperation,
  getInvitationOperation,
  claimInvitationOperation,
  cancelInvitationOperation,
];
