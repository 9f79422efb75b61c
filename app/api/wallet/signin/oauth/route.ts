// POST /api/wallet/signin/oauth – OAuth sign-in: the ID token's identity names
// the account, then the API verifies the token against that OAUTH credential
// (nonce bound to clientPublicKey) and opens a session.
import { z } from "zod";
import { decodeJwt } from "jose";
import { BffError } from "@/lib/bff/client";
import { route } from "@/lib/bff/route";
import { findLogin } from "@/lib/bff/directory";
import { forwardSigned, listCredentials, sessionWithTicket, type WalletSession } from "@/lib/bff/wallet";

const Body = z.object({
  oidcToken: z.string().min(1).max(16384),
  clientPublicKey: z.string().regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/),
});

export const POST = route({ audience: "public", body: Body }, async ({ body, request }) => {
  let subject: string;
  try {
    const claims = decodeJwt(body.oidcToken);
    subject = `${claims.iss} ${claims.sub}`;
  } catch {
    throw new BffError(400, "INVALID_INPUT", "The sign-in provider returned a malformed token. Try signing in again.");
  }
  const login = await findLogin({ oauthSubject: subject });
  const credential = login ? (await listCredentials(login.accountId)).find((c) => c.type === "OAUTH") : undefined;
  if (!login || !credential)
    throw new BffError(
      404,
      "NOT_SIGNED_UP",
      "No account is linked to that sign-in. Sign up first, or use another method.",
    );
  const res = await forwardSigned<WalletSession>(
    "POST",
    `/auth/credentials/${encodeURIComponent(credential.id)}/verify`,
    request,
    { type: "OAUTH", ...body },
  );
  return sessionWithTicket(request, res.body);
});
