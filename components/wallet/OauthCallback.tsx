"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { completeOauth } from "@/lib/browser/wallet-flows";

export function OauthCallback() {
  const router = useRouter();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = window.location.hash;
    history.replaceState(null, "", window.location.pathname);
    completeOauth(fragment)
      .then((outcome) => router.replace(outcome === "added" ? "/wallet/credentials?added=oauth" : "/wallet"))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : "Sign-in failed. Try again."));
  }, [router]);
  if (error) {
    return (
      <>
        <p role="alert" className="alert alert-error">
          {error}
        </p>
        <Link href="/signin">Back to sign-in</Link>
      </>
    );
  }
  return <p role="status">Finishing your sign-in…</p>;
}
