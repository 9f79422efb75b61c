// /kyc/{token} – the hosted KYC/KYB page a platform sends its customer to
// (the kycUrl of POST /customers/{customerId}/kyc-link).
import type { Metadata } from "next";
import { KycFlow } from "./kyc-flow";
import styles from "./kyc.module.css";

export const metadata: Metadata = {
  title: "Verify your identity",
  // The token in the URL is the customer's only credential: never leak it in a Referer.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function KycPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className={styles.page}>
      <KycFlow token={token} />
    </main>
  );
}
