// The sandbox OpenID provider's login page: anyone may sign in as any
// identity (it is a sandbox); the ID token it issues carries the app's nonce.
import type { Metadata } from "next";
import { SiteHeader } from "@/components/SiteHeader";
import { appOrigin } from "@/lib/env";

export const metadata: Metadata = { title: "Sandbox OpenID sign-in" };

type Query = Record<string, string | undefined>;

export default async function SandboxAuthorizePage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const redirectOk = typeof q.redirect_uri === "string" && q.redirect_uri.startsWith(`${new URL(appOrigin()).origin}/`);
  const complete = q.client_id && q.nonce && q.state && q.response_type === "id_token";
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        <h1>Sandbox OpenID provider</h1>
        {!redirectOk || !complete ? (
          <p role="alert" className="alert alert-error">
            This sign-in request is incomplete or returns to another site (it needs client_id, response_type=id_token,
            nonce, state and a redirect_uri on this app). Start the sign-in again from the app.
          </p>
        ) : (
          <form className="card form" method="post" action="/api/oidc/sandbox/authorize">
            <p>
              Signing in to <strong>{q.client_id}</strong>. This test provider signs in any identity you type.
            </p>
            <label>
              Email
              <input name="email" type="email" required autoComplete="email" />
            </label>
            <input type="hidden" name="client_id" value={q.client_id} />
            <input type="hidden" name="redirect_uri" value={q.redirect_uri} />
            <input type="hidden" name="nonce" value={q.nonce} />
            <input type="hidden" name="state" value={q.state} />
            <button type="submit">Sign in and continue</button>
          </form>
        )}
      </main>
    </>
  );
}
