// GET /openapi.json – the OpenAPI 3.1 document generated from the route schemas
import { openApiDocumentText } from "@/lib/api/reference";

export function GET(): Response {
  return new Response(openApiDocumentText(), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=60" },
  });
}
