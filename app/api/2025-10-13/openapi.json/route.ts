// GET /openapi.json – the OpenAPI 3.1 document generated from the route schemas
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/registry";

let cached: string | undefined;

export function GET(): Response {
  cached ??= JSON.stringify(buildOpenApiDocument(operations));
  return new Response(cached, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=60" },
  });
}
