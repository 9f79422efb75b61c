"use client";
// Brings the server-rendered Redoc page to life once the page has loaded: fetches
// the page's Redoc state (app/docs/api/state/[slug], not inlined in the HTML) and
// Redoc's bundle (public/vendor/redoc, copied at build time, no CDN) side by side,
// then hydrates #redoc from that state. Until then the page reads and links work;
// search, code-sample tabs and expanding schemas need the bundle.
import { useEffect } from "react";

declare global {
  interface Window {
    Redoc?: { hydrate(state: Record<string, unknown>, element: Element): void };
  }
}

export function RedocHydrator({ nonce, stateUrl }: { nonce?: string; stateUrl: string }) {
  useEffect(() => {
    // The bundle adds style elements (its styled-components sheet, its CSS) without
    // the page's CSP nonce (hydrate ignores Redoc's nonce option): give them the nonce.
    const createElement = document.createElement;
    document.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
      const created = createElement.call(this, tag, options);
      if (nonce && tag.toLowerCase() === "style") created.setAttribute("nonce", nonce);
      return created;
    } as typeof document.createElement;
    let cancelled = false;
    const bundle = () =>
      new Promise<void>((resolve, reject) => {
        if (window.Redoc) return resolve();
        const script = document.createElement("script");
        script.src = "/vendor/redoc/redoc.standalone.js";
        if (nonce) script.nonce = nonce;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`${script.src} did not load`));
        document.body.appendChild(script);
      });
    const state = async () => {
      const response = await fetch(stateUrl);
      if (!response.ok) throw new Error(`${stateUrl}: ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const load = () => {
      void Promise.all([state(), bundle()]).then(
        ([loaded]) => {
          const el = document.getElementById("redoc");
          if (cancelled || !el || !window.Redoc || el.dataset.hydrated) return;
          window.Redoc.hydrate(loaded, el);
          el.dataset.hydrated = "true";
        },
        // The page stays readable without the bundle; say why it did not come to life.
        (e: unknown) => console.warn("The API reference stays static:", e),
      );
    };
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", load);
      document.createElement = createElement;
    };
  }, [nonce, stateUrl]);
  return null;
}
