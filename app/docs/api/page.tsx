// The API reference's front page: what the API is, how to authenticate, and
// every operation by group with a search box. Rendered on the server from the
// OpenAPI document this server serves (lib/api/reference.ts): plain HTML, so it
// shows at once on a phone or a desktop. Each group has its own page with the
// operations' parameters, bodies, responses and curl/JavaScript examples; the
// interactive client (Scalar, try-it against this sandbox) is /docs/api/explorer.
import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/SiteHeader";
import { OperationFinder } from "@/components/docs/OperationFinder";
import { API_BASE } from "@/lib/api/operation";
import { openApiDocument, referenceTags } from "@/lib/api/reference";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const groups = referenceTags().map((t) => ({
    name: t.name,
    href: `/docs/api/${t.slug}`,
    operations: t.operations.map((o) => ({
      id: o.operationId,
      method: o.method,
      path: o.path,
      summary: o.summary,
      href: `/docs/api/${t.slug}#${o.operationId}`,
    })),
  }));
  return (
    <>
      <SiteHeader />
      <main className="api-doc">
        <h1>{doc.info.title}</h1>
        <p className="lead">{doc.info.description}</p>
        <section className="card" aria-labelledby="basics-heading">
          <h2 id="basics-heading">The basics</h2>
          <dl className="facts">
            <dt>Base URL</dt>
            <dd>
              <code>{API_BASE}</code> on this server
            </dd>
            <dt>Version</dt>
            <dd>{doc.info.version}</dd>
            <dt>Authentication</dt>
            <dd>
              HTTP Basic with your client id as the user name and the client secret as the password; agents send{" "}
              <code>Authorization: Bearer</code> with their access token.
            </dd>
            <dt>Errors</dt>
            <dd>
              A JSON body with <code>code</code>, <code>reason</code> and <code>details</code> (see{" "}
              <Link href="/docs/api/platform-configuration#getPlatformConfig">any operation</Link>).
            </dd>
            <dt>OpenAPI document</dt>
            <dd>
              <a href={`${API_BASE}/openapi.json`}>openapi.json</a> (OpenAPI {doc.openapi})
            </dd>
          </dl>
          <p>
            <Link href="/docs/api/explorer">Open the interactive explorer</Link> to send requests to this sandbox from
            the browser (a larger page that takes a while to load).
          </p>
        </section>
        <OperationFinder groups={groups} />
      </main>
    </>
  );
}
