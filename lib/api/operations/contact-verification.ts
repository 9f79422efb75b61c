// Contact Verification: the operations of the reference's "Contact Verification" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { NotRequired } from "./strong-customer-authentication";
import { db } from "../../db/client";
import { type ContactChannel, sendContactCode, confirmContactCode } from "../../domain/sca/contact-verification";
import { ContactConfirm } from "../../domain/sca/schemas";
import { CustomerResponse } from "../../domain/customers/schemas";

const CV = "Contact Verification";

const CustomerParams = z.object({ customerId: z.string() });

function contactOps(channel: ContactChannel) {
  const Name = channel === "email" ? "Email" : "Phone";
  const send = defineOperation({
    operationId: `sendCustomer${Name}Verification`,
    method: "POST",
    path: `/customers/{customerId}/verify-${channel}`,
    summary: `Send a ${channel} verification code to a customer (sandbox code 123456)`,
    tag: CV,
    auth: "platform",
    permission: "MANAGE",
    params: CustomerParams,
    responses: { 204: { description: "Code sent" }, ...ErrorResponses, ...NotRequired },
    handle: async ({ ctx, params }) => {
      await sendContactCode(db(), ctx.platformId, params.customerId, channel);
      return { status: 204 };
    },
  });
  const confirm = defineOperation({
    operationId: `confirmCustomer${Name}Verification`,
    method: "POST",
    path: `/customers/{customerId}/verify-${channel}/confirm`,
    summary: `Confirm a customer's ${channel} verification code`,
    tag: CV,
    auth: "platform",
    permission: "MANAGE",
    params: CustomerParams,
    body: ContactConfirm,
    responses: { 200: { description: "The customer", schema: CustomerResponse }, ...ErrorResponses, ...NotRequired },
    handle: async ({ ctx, params, body }) => ({
      status: 200,
      body: await confirmContactCode(db(), ctx.platformId, params.customerId, channel, body.code),
    }),
  });
  return [send, confirm] as const;
}

export const [sendEmailVerificationOperation, confirmEmailVerificationOperation] = contactOps("email");

export const [sendPhoneVerificationOperation, confirmPhoneVerificationOperation] = contactOps("phone");

export const contactVerificationOperations = [
  sendEmailVerificationOperation,
  confirmEmailVerificationOperation,
  sendPhoneVerificationOperation,
  confirmPhoneVerificationOperation,
];
