"use client";
// Mounts Scalar's explorer once React has hydrated the page: its bundle
// (public/vendor/scalar/standalone.js) is loaded from here and renders into a
// node React leaves empty. Loaded from the markup instead, it could rewrite the
// page before hydration, and React then replaced the whole page (error #418:
// the explorer stayed blank).
import { useEffect, useRef } from "react";

declare global {
  interface Window {
    Scalar?: { createApiReference(el: Element, configuration: Record<string, unknown>): unknown };
  }
}

export function ScalarExplorer({ configuration, nonce }: { configuration: Record<string, unknown>; nonce?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const mount = () => window.Scalar?.createApiReference(el, configuration);
    if (window.Scalar) {
      mount();
      return;
    }
    const script = document.createElement("script");
    script.src = "/vendor/scalar/standalone.js";
    if (nonce) script.nonce = nonce;
    script.onload = mount;
    document.body.appendChild(script);
  }, [configuration, nonce]);
  return <div ref={host} className="api-explorer" />;
}
