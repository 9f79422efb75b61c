// POST /api/oidc/sandbox/authorize – the sandbox OpenID provider's login form:
// issues an ID token (implicit flow, response_type=id_token) for the typed
// identity with the caller's nonce, and returns to the app's redirect_uri with
// the token in the URL fragment (never sent to a server).
import { createHash } from "node:crypto";
import { z } from "zod";
import { appOrigin } from "@/lib/env";
import { issueSandboxIdToken } from "@/lib/bff/oidc";
import { outageAware } from "@/lib/bff/route";

const Form = z.object({
  email: z.email().max(255),
  client_id: z.string().min(1).max(255),
  redirect_uri: z.string().max(2048),
  nonce: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
});

function page(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

export const POST = outageAware(async (request: Request): Promise<Response> => {
  const app = new URL(appOrigin()).origin;
  const origin = request.headers.get("origin");
  if (origin && origin !== app) return page(403, "This sign-in form can only be used from the app itself.");
  const parsed = Form.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return page(400, "The sign-in request is incomplete. Go back to the app and start the sign-in again.");
  const f = parsed.data;
  const redirect = new URL(f.redirect_uri, app);
  if (redirect.origin !== app) return page(400, "redirect_uri must be a page of this app.");
  const email = f.email.toLowerCase();
  // A stable subject per email, so signing in again names the same identity.
  const sub = `sandbox|${createHash("sha256").update(email).digest("hex").slice(0, 24)}`;
  const idToken = await issueSandboxIdToken({ sub, aud: f.client_id, nonce: f.nonce, email });
  redirect.hash = new URLSearchParams({ id_token: idToken, state: f.state }).toString();
  return new Response(null, { status: 303, headers: { location: redirect.toString(), "cache-control": "no-store" } });
});
