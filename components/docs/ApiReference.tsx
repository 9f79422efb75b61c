// Renders the OpenAPI document as a page: operations grouped by tag, with
// parameters, request body and responses. Server-rendered, no external assets.
type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: JsonSchema };
type OperationDoc = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security: Record<string, unknown>[];
  deprecated?: boolean;
  "x-required-permission"?: string;
};
export type OpenApiDoc = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationDoc>>;
};

function schemaType(s: JsonSchema | undefined): string {
  if (!s) return "";
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map(String).join(" | ");
  if (s.type === "array") return `array of ${schemaType(s.items as JsonSchema)}`;
  return String(s.type ?? (s.anyOf || s.oneOf ? "one of several" : "object"));
}

function anchor(op: OperationDoc) {
  return `op-${op.operationId}`;
}

export function ApiReference({ doc, base }: { doc: OpenApiDoc; base: string }) {
  const ops: { method: string; path: string; op: OperationDoc }[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ method, path, op });
  const tags = [...new Set(ops.map((o) => o.op.tags[0]))].sort();
  return (
    <div>
      <h1>
        {doc.info.title} <span className="muted">{doc.info.version}</span>
      </h1>
      <p>
        Base URL <code>{base}</code>. Authenticate with HTTP Basic auth. Errors share one body:{" "}
        <code>{"{code, reason, details}"}</code>.
      </p>
      <nav aria-label="Operation groups" className="card">
        <ul>
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`#tag-${tag.replace(/\W+/g, "-")}`}>{tag}</a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag.replace(/\W+/g, "-")}`}>
          <h2 id={`tag-${tag.replace(/\W+/g, "-")}`}>{tag}</h2>
          {ops
            .filter((o) => o.op.tags[0] === tag)
            .map(({ method, path, op }) => (
              <article
                key={`${method} ${path}`}
                className="card"
                id={anchor(op)}
                aria-label={`${method.toUpperCase()} ${path}`}
              >
                <h3>
                  <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                  {op.deprecated ? <span className="muted"> (deprecated)</span> : null}
                </h3>
                <p>{op.summary}</p>
                <p className="muted">
                  {op.security.length ? `Auth: ${Object.keys(op.security[0]).join(", ")}` : "No authentication"}
                  {op["x-required-permission"] ? ` · permission ${op["x-required-permission"]}` : ""}
                </p>
                {op.parameters.length > 0 && (
                  <table>
                    <caption className="muted">Parameters</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">In</th>
                        <th scope="col">Type</th>
                        <th scope="col">Required</th>
                      </tr>
                    </thead>
                    <tbody>
                      {op.parameters.map((p) => (
                        <tr key={`${p.in}-${p.name}`}>
                          <td>
                            <code>{p.name}</code>
                          </td>
                          <td>{p.in}</td>
                          <td>{schemaType(p.schema)}</td>
                          <td>{p.required ? "yes" : "no"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {op.requestBody && (
                  <details>
                    <summary>Request body ({Object.keys(op.requestBody.content)[0]})</summary>
                    <pre>{JSON.stringify(Object.values(op.requestBody.content)[0].schema, null, 2)}</pre>
                  </details>
                )}
                <details>
                  <summary>Responses: {Object.keys(op.responses).join(", ")}</summary>
                  <ul>
                    {Object.entries(op.responses).map(([status, r]) => (
                      <li key={status}>
                        <strong>{status}</strong> {r.description}
                      </li>
                    ))}
                  </ul>
                </details>
              </article>
            ))}
        </section>
      ))}
    </div>
  );
}
