"use client";
// Re-reads the server page every few seconds while it is mounted: a page
// renders it only while something is still settling (a card being activated).
import { useEffect } from "react";
import { useRouter } from "next/navigation";

export function RefreshWhile({ everyMs = 2000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(t);
  }, [router, everyMs]);
  return (
    <p role="status" className="status-line">
      Activating…
    </p>
  );
}
