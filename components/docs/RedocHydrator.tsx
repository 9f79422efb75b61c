"use client";
// Brings the server-rendered Redoc page to life once the page has loaded: loads
// Redoc's bundle (public/vendor/redoc, copied at build time, no CDN) and hydrates
// #redoc from the state in #redoc-state. Until then the page reads and links
// work; search, code-sample tabs and expanding schemas need the bundle.
import { useEffect } from "react";

declare global {
  interface Window {
    Redoc?: { hydrate(state: Record<string, unknown>, element: Element): void };
  }
}

export function RedocHydrator({ nonce }: { nonce?: string }) {
  useEffect(() => {
    // The bundle adds style elements (its styled-components sheet, its CSS) without
    // the page's CSP nonce (hydrate ignores Redoc's nonce option): give them the nonce.
    const createElement = document.createElement;
    document.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
      const created = createElement.call(this, tag, options);
      if (nonce && tag.toLowerCase() === "style") created.setAttribute("nonce", nonce);
      return created;
    } as typeof document.createElement;
    const hydrate = () => {
      const el = document.getElementById("redoc");
      const stateEl = document.getElementById("redoc-state");
      if (!el || !stateEl || !window.Redoc || el.dataset.hydrated) return;
      el.dataset.hydrated = "true";
      window.Redoc.hydrate(JSON.parse(stateEl.textContent ?? "{}") as Record<string, unknown>, el);
    };
    const load = () => {
      if (window.Redoc) return hydrate();
      const script = document.createElement("script");
      script.src = "/vendor/redoc/redoc.standalone.js";
      if (nonce) script.nonce = nonce;
      script.onload = hydrate;
      document.body.appendChild(script);
    };
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
    return () => {
      window.removeEventListener("load", load);
      document.createElement = createElement;
    };
  }, [nonce]);
  return null;
}
