// POST /api/wallet/signout {sessionId} – this device gives up a wallet session
// it holds the key of: the signed revocation (DELETE /auth/sessions/{id},
// a signed retry stamped with that session's own key). Public, because it must
// also work after the web session has ended (expired or cleared cookies): the
// stamp, not the cookie, proves the caller holds the session. A session that is
// already gone (expired or revoked) answers 204 as well: nothing is left to end.
import { z } from "zod";
import { json, route } from "@/lib/bff/route";
import { forwardSigned, isSignedRequest } from "@/lib/bff/wallet";
import { callApi } from "@/lib/bff/client";

const Body = z.object({ sessionId: z.string().regex(/^Session:[0-9a-f-]{36}$/, "Expected a Session:<uuid> id") });

export const POST = route({ audience: "public", body: Body }, async ({ body, request }) => {
  const path = `/auth/sessions/${encodeURIComponent(body.sessionId)}`;
  const res = isSignedRequest(request)
    ? await forwardSigned("DELETE", path, request)
    : await callApi("DELETE", path, { accept: [404] });
  if (res.status === 404) return json(204);
  return json(res.status, res.body);
});
