import Link from "next/link";
import { SiteHeader } from "@/components/SiteHeader";
import { API_BASE } from "@/lib/api/operation";

export default function HomePage() {
  return (
    <>
      <SiteHeader />
      <main>
        <h1>Meridian</h1>
        <p>
          A self-hostable global payments platform: the full HTTP/JSON API with a sandbox that behaves as documented.
        </p>
        <div className="grid">
          <section className="card" aria-labelledby="api-heading">
            <h2 id="api-heading">For developers</h2>
            <p>
              The API lives at <code>{API_BASE}</code> with HTTP Basic auth (client id and secret).
            </p>
            <p>
              <Link href="/docs/api">Read the API reference</Link> or fetch the{" "}
              <a href={`${API_BASE}/openapi.json`}>OpenAPI document</a>.
            </p>
          </section>
          <section className="card" aria-labelledby="webhooks-heading">
            <h2 id="webhooks-heading">Webhooks</h2>
            <p>
              Events are signed with ECDSA P-256; verify them with the key at{" "}
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
