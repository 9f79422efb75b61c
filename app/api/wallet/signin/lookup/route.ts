// POST /api/wallet/signin/lookup – which credentials the account with this
// email or phone number can sign in with (ids and types only). An address with
// no account gets the same 200 with a stable one-time-code credential that no
// code opens (lib/bff/decoys.ts), so the answer does not tell whether it has one.
import { z } from "zod";
import { json, route } from "@/lib/bff/route";
import { findLogin } from "@/lib/bff/directory";
import { decoyCredential } from "@/lib/bff/decoys";
import { listCredentials } from "@/lib/bff/wallet";

const Body = z.union([
  z.object({ email: z.email("Enter a valid email address").max(255) }),
  z.object({
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123"),
  }),
]);

export const POST = route({ audience: "public", body: Body }, async ({ body }) => {
  const login = await findLogin(body);
  if (!login) return json(200, { credentials: [decoyCredential(body)] });
  const credentials = await listCredentials(login.accountId);
  return json(200, {
    credentials: credentials.map((c) => ({
      id: c.id,
      type: c.type,
      ...(c.credentialId ? { credentialId: c.credentialId } : {}),
    })),
  });
});
