// POST /api/wallet/signin/lookup – which credentials the account with this
// email or phone number can sign in with (ids and types only).
import { z } from "zod";
import { BffError } from "@/lib/bff/client";
import { json, publicRoute } from "@/lib/bff/route";
import { findLogin } from "@/lib/bff/directory";
import { listCredentials } from "@/lib/bff/wallet";

const Body = z.union([z.object({ email: z.email("Enter a valid email address").max(255) }), z.object({ phoneNumber: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123") })]);

export const POST = publicRoute({ body: Body }, async ({ body }) => {
  const login = await findLogin(body);
  if (!login) throw new BffError(404, "NOT_SIGNED_UP", "No account uses that email or phone number. Check it, or sign up.");
  const credentials = await listCredentials(login.accountId);
  return json(200, { credentials: credentials.map((c) => ({ id: c.id, type: c.type, credentialId: c.credentialId, nickname: c.nickname })) });
});
