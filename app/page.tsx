import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/SiteHeader";
import { API_BASE } from "@/lib/api/operation";

export const metadata: Metadata = { title: { absolute: "Meridian: send, hold and spend money worldwide" } };

export default function HomePage() {
  return (
    <>
      <SiteHeader />
      <main>
        <section className="hero" aria-labelledby="hero-heading">
          <h1 id="hero-heading">Meridian</h1>
          <p className="lead">
            One wallet for dollars, stablecoins and bitcoin: send money worldwide in seconds, receive at your own
            address, and pay with a card.
          </p>
          <div className="actions">
            <Link href="/signup" className="button button-lg">
              Open an account
            </Link>
            <Link href="/signin" className="button button-secondary button-lg">
              Sign in
            </Link>
          </div>
        </section>
        <div className="grid">
          <section className="card" aria-labelledby="customers-heading">
            <h2 id="customers-heading">For customers</h2>
            <p>Sign up with a passkey, an email code or single sign-on. Your recovery phrase stays yours.</p>
          </section>
          <section className="card" aria-labelledby="staff-heading">
            <h2 id="staff-heading">For platform staff</h2>
            <p>
              Customers, payments, approvals and webhooks at a glance in the <Link href="/admin">admin console</Link>.
            </p>
          </section>
          <section className="card" aria-labelledby="api-heading">
            <h2 id="api-heading">For developers</h2>
            <p>
              The API lives at <code>{API_BASE}</code> with HTTP Basic auth (client id and secret).
            </p>
            <p>
              <Link href="/docs/api">Read the API reference</Link> or fetch the{" "}
              <a href={`${API_BASE}/openapi.json`}>OpenAPI document</a>. Webhooks are signed with ECDSA P-256; verify
              them with the key at{" "}
              <a href={`${API_BASE}/webhooks/signing-key`}>
                <code>/webhooks/signing-key</code>
              </a>
              .
            </p>
          </section>
        </div>
      </main>
    </>
  );
}
