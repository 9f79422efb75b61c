// /verify/liveness/{token} – the hosted liveness check a platform sends its
// user to (the verificationLink of a LIVENESS ownership challenge).
import type { Metadata } from "next";
import { LivenessFlow } from "./liveness-flow";
import styles from "./liveness.module.css";

export const metadata: Metadata = {
  title: "Liveness check",
  // The token in the URL is the user's only credential: never leak it in a Referer.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function LivenessPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className={styles.page}>
      <LivenessFlow token={token} />
    </main>
  );
}
