// POST /api/wallet/credentials/{id}/challenge – starts a sign-in with a credential
// (OTP: sends the code and returns the encryption target; passkey: the WebAuthn challenge).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, publicRoute } from "@/lib/bff/route";

const Body = z.object({ clientPublicKey: z.string().regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/).optional() });

export const POST = publicRoute({ body: Body }, async ({ body, params }) => {
  const res = await api.post(`/auth/credentials/${encodeURIComponent(String(params.id))}/challenge`, body);
  return json(res.status, res.body);
});
