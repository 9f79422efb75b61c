// GET /docs/api/state/<slug>?v=<version> – the state Redoc's browser bundle hydrates an API reference
// page from (its OpenAPI document, search index and options; "index" is /docs/api). Fetched by the page
// once it has loaded rather than inlined in its HTML, where it was 35-45 % of the bytes the browser
// parsed before `load` (docs/performance.md, h22ref). The URL carries the state's hash, so the
// browser keeps it for good; another build's page asks for another URL.
import { referencePage } from "@/lib/api/reference-pages";

type Context = { params: Promise<{ slug: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const page = referencePage((await params).slug);
  if (!page) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const current = new URL(request.url).searchParams.get("v") === page.stateVersion;
  const headers = {
    "content-type": "application/json; charset=utf-8",
    etag: `"${page.stateVersion}"`,
    // An old or missing version still gets the current state, but only for this visit.
    "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (request.headers.get("if-none-match") === headers.etag) return new Response(null, { status: 304, headers });
  return new Response(page.state, { headers });
}
