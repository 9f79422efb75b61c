// One page of the API reference as Redoc rendered it at build time
// (lib/api/reference-pages.ts): its markup and styles are in the HTML, so it
// reads at once; once the page has loaded, Redoc's browser bundle hydrates it
// (search, tabs, expanding schemas) from the state it fetches then (page.stateUrl).
// Styles carry the page's CSP nonce. The markup reaches the HTML through
// RedocMarkup and is not repeated in the page's React payload (docs/performance.md,
// "Page loads under 500 ms").
import { headers } from "next/headers";
import { SiteHeader } from "@/components/SiteHeader";
import type { ReferencePage } from "@/lib/api/reference-pages";
import { RedocHydrator } from "./RedocHydrator";
import { RedocMarkup } from "./RedocMarkup";
import { putRedocMarkup } from "./redoc-markup-store";

export async function RedocPage({ slug, page }: { slug: string; page: ReferencePage }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  putRedocMarkup(slug, page);
  return (
    <>
      <SiteHeader />
      <RedocMarkup slug={slug} nonce={nonce} />
      <RedocHydrator nonce={nonce} stateUrl={page.stateUrl} />
    </>
  );
}
