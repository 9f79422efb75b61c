// The served OpenAPI document (lib/api/openapi.ts), built once per process, with
// curl and JavaScript examples against this server (lib/api/code-samples.ts).
// The API reference pages are rendered from the same document at build time
// (scripts/api-reference.mjs); the explorer and clients fetch openapi.json.
import "server-only";
import { withCodeSamples } from "./code-samples";
import { appOrigin } from "../env";
import { buildOpenApiDocument } from "./openapi";
import { operations } from "./registry";

// Once per process, not per bundle: Next.js bundles the route and
// instrumentation.ts (which builds it at start, off the request path) apart.
const cache = globalThis as { __meridianOpenApiText?: string };

/** The document as JSON text, for the openapi.json route. */
export function openApiDocumentText(): string {
  return (cache.__meridianOpenApiText ??= JSON.stringify(
    withCodeSamples(buildOpenApiDocument(operations), new URL(appOrigin()).origin),
  ));
}
