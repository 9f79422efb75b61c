// The frame of a hosted page a platform sends its user to by a tokened link
// (/kyc/{token}, /verify/liveness/{token}): outside the app's shell, and the
// token in the URL is the user's only credential, so it must never leave in a
// Referer or be indexed.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import styles from "./hosted-page.module.css";
import { BrandMark } from "./BrandMark";

export function hostedPageMetadata(title: string): Metadata {
  return { title, referrer: "no-referrer", robots: { index: false, follow: false } };
}

/** The app's header (brand only: the page is reached by link, not from the app's navigation) over the page. */
export function HostedPage({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site">
        <div className="bar">
          <span className="brand">
            <BrandMark />
            Meridian
          </span>
          <span className="who">Secure verification</span>
        </div>
      </header>
      <main className={styles.page}>{children}</main>
    </>
  );
}
