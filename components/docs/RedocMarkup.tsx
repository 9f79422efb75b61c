"use client";
// Prints one reference page's styles and markup (Redoc's state is fetched once the
// page has loaded: RedocHydrator). On the server the parts come from RedocPage
// through redoc-markup-store (not as props: props of a client component travel in
// the page's React payload, which doubled the page's bytes and its parse time).
// In the browser the server's DOM is kept as it is (hydration does not rewrite an
// element's inner HTML); a client-side navigation into the reference, which has no
// server DOM to keep (an empty #redoc), becomes a full page load.
import { useEffect } from "react";
import { redocMarkup } from "./redoc-markup-store";

export function RedocMarkup({ slug, nonce }: { slug: string; nonce?: string }) {
  const parts = typeof window === "undefined" ? redocMarkup(slug) : undefined;
  useEffect(() => {
    if (!document.getElementById("redoc")?.hasChildNodes()) window.location.reload();
  }, [slug]);
  return (
    <>
      <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: parts?.css ?? "" }} />
      <main className="api-redoc">
        <div id="redoc" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: parts?.html ?? "" }} />
      </main>
    </>
  );
}
