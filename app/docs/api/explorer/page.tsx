// The interactive API explorer (the reference itself is server-rendered at
// /docs/api): Scalar's renderer (bundled from npm into public/vendor by
// scripts/vendor-assets.mjs, no CDN) over the OpenAPI document this server
// generates, with search, a fixed sidebar, curl/JavaScript examples and a
// try-it client that calls this server's sandbox. Scalar injects its styles and
// chunks at run time, so it gets the page's CSP nonce (the meta tag it reads).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { API_BASE } from "@/lib/api/operation";
import { ScalarExplorer } from "@/components/docs/ScalarExplorer";

export const metadata: Metadata = { title: "API explorer" };

const CONFIGURATION = {
  url: `${API_BASE}/openapi.json`,
  // Offline: no web fonts, no hosted proxy or client, no AI agent.
  withDefaultFonts: false,
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  telemetry: false,
  layout: "modern",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  hiddenClients: { shell: ["httpie", "wget"], node: ["undici", "ofetch", "axios"] },
  authentication: { preferredSecurityScheme: "BasicAuth" },
  metaData: { title: "Meridian API reference" },
};

export default async function ApiExplorerPage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <div className="api-reference-page">
      {/* Scalar reads the nonce for the styles and chunks it injects. */}
      <meta property="csp-nonce" content={nonce} />
      <ScalarExplorer configuration={CONFIGURATION} nonce={nonce} />
    </div>
  );
}
