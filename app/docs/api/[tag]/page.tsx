// One group of the API reference: each operation with its parameters, request
// body, responses and examples in curl and JavaScript, rendered on the server
// from the OpenAPI document (lib/api/reference.ts).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SiteHeader } from "@/components/SiteHeader";
import { API_BASE } from "@/lib/api/operation";
import { referenceTags, sampleValue, type RefOperation } from "@/lib/api/reference";
import { appOrigin } from "@/lib/env";
import { SchemaView, type Seen } from "../schema-view";

type Params = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { tag: slug } = await params;
  const tag = referenceTags().find((t) => t.slug === slug);
  return { title: tag ? `${tag.name} · API reference` : "API reference" };
}

const AUTH_WORDS: Record<string, string> = {
  BasicAuth: "HTTP Basic (client id and secret)",
  AgentAuth: "Bearer token of an agent",
};

function examples(op: RefOperation): { curl: string; js: string } {
  const url = `${new URL(appOrigin()).origin}${API_BASE}${op.path}`;
  const body = op.requestBody ? sampleValue(op.requestBody.schema) : undefined;
  const json = body === undefined ? undefined : JSON.stringify(body, null, 2);
  const multipart = op.requestBody?.mediaType === "multipart/form-data";
  const basic = op.security.includes("BasicAuth");
  const bearer = op.security.includes("AgentAuth");
  const idem = op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key");
  const curl = [
    `curl -X ${op.method} "${url}"`,
    basic ? `  -u "$CLIENT_ID:$CLIENT_SECRET"` : null,
    bearer ? `  -H "Authorization: Bearer $AGENT_TOKEN"` : null,
    idem ? `  -H "Idempotency-Key: $(uuidgen)"` : null,
    ...(multipart && body && typeof body === "object"
      ? Object.keys(body as object).map((k) => (k === "file" ? `  -F "file=@document.pdf"` : `  -F "${k}=..."`))
      : json
        ? [`  -H "Content-Type: application/json"`, `  -d '${json.replace(/'/g, "'\\''")}'`]
        : []),
  ]
    .filter(Boolean)
    .join(" \\\n");
  const headers = [
    basic ? `    Authorization: "Basic " + btoa(\`\${CLIENT_ID}:\${CLIENT_SECRET}\`),` : null,
    bearer ? `    Authorization: \`Bearer \${AGENT_TOKEN}\`,` : null,
    idem ? `    "Idempotency-Key": crypto.randomUUID(),` : null,
    json && !multipart ? `    "Content-Type": "application/json",` : null,
  ].filter(Boolean);
  const js = [
    `const response = await fetch("${url}", {`,
    `  method: "${op.method}",`,
    headers.length ? `  headers: {\n${headers.join("\n")}\n  },` : null,
    multipart ? `  body: formData, // ${Object.keys((body as object) ?? {}).join(", ")}` : null,
    json && !multipart ? `  body: JSON.stringify(${json.replace(/\n/g, "\n  ")}),` : null,
    `});`,
    `const result = await response.json();`,
  ]
    .filter(Boolean)
    .join("\n");
  return { curl, js };
}

function Operation({ op, seen }: { op: RefOperation; seen: Seen }) {
  const { curl, js } = examples(op);
  const headingId = `${op.operationId}-heading`;
  const success = op.responses.filter((r) => r.status.startsWith("2"));
  const errors = op.responses.filter((r) => !r.status.startsWith("2"));
  return (
    <section id={op.operationId} className="card api-op" aria-labelledby={headingId}>
      <h2 id={headingId} className="h3">
        {op.summary}
        {op.deprecated ? <span className="badge badge-warn">deprecated</span> : null}
      </h2>
      <p className="api-op-line">
        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span> <code>{op.path}</code>
      </p>
      <p className="muted">
        {op.security.length ? op.security.map((s) => AUTH_WORDS[s] ?? s).join(", ") : "No authentication"}
        {op.permission ? ` · needs the ${op.permission} permission` : ""} · operation id <code>{op.operationId}</code>
      </p>
      {op.parameters.length ? (
        <>
          <h3 className="h4">Parameters</h3>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                      {p.required ? <span className="badge badge-info">required</span> : null}
                    </td>
                    <td>{p.in}</td>
                    <td>
                      {p.description ? <span>{p.description} </span> : null}
                      <SchemaView schema={p.schema} depth={5} seen={seen} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {op.requestBody ? (
        <>
          <h3 className="h4">
            Request body <span className="muted">({op.requestBody.mediaType})</span>
          </h3>
          <SchemaView schema={op.requestBody.schema} seen={seen} />
        </>
      ) : null}
      <h3 className="h4">Responses</h3>
      {success.map((r) => (
        <div key={r.status}>
          <p>
            <span className="badge badge-ok">{r.status}</span> {r.description}
          </p>
          {r.schema ? (
            <details>
              <summary>Response fields</summary>
              <SchemaView schema={r.schema} seen={seen} />
            </details>
          ) : null}
        </div>
      ))}
      {errors.length ? (
        <p className="api-errors">
          Errors:{" "}
          {errors.map((r, i) => (
            <span key={r.status}>
              {i ? "; " : null}
              <strong>{r.status}</strong> {r.description}
            </span>
          ))}
          .
        </p>
      ) : null}
      <details className="api-examples">
        <summary>Examples: curl and JavaScript</summary>
        <h4 className="h4">curl</h4>
        {/* Focusable: a long line scrolls sideways, by keyboard too. */}
        <pre tabIndex={0}>
          <code>{curl}</code>
        </pre>
        <h4 className="h4">JavaScript</h4>
        <pre tabIndex={0}>
          <code>{js}</code>
        </pre>
      </details>
    </section>
  );
}

export default async function ApiGroupPage({ params }: Params) {
  const { tag: slug } = await params;
  const tags = referenceTags();
  const tag = tags.find((t) => t.slug === slug);
  if (!tag) notFound();
  const seen: Seen = new Set();
  return (
    <>
      <SiteHeader />
      <main className="api-doc">
        <p className="muted">
          <Link href="/docs/api">API reference</Link> ›
        </p>
        <h1>{tag.name}</h1>
        <nav aria-label={`${tag.name} operations`} className="card">
          <ul className="api-op-list">
            {tag.operations.map(({ operationId, method, path, summary }) => (
              <li key={operationId}>
                <a href={`#${operationId}`}>
                  <span className={`method method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code>{" "}
                  <span className="api-op-summary">{summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {tag.operations.map((op) => (
          <Operation key={op.operationId} op={op} seen={seen} />
        ))}
        <nav aria-label="Other groups" className="api-groups">
          <h2 className="h3">Other groups</h2>
          <ul className="chip-list">
            {tags
              .filter((t) => t !== tag)
              .map((t) => (
                <li key={t.slug}>
                  <Link href={`/docs/api/${t.slug}`}>{t.name}</Link>
                </li>
              ))}
          </ul>
        </nav>
      </main>
    </>
  );
}
