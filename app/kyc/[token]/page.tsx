// /kyc/{token} – the hosted KYC/KYB page a platform sends its customer to
// (the kycUrl of POST /customers/{customerId}/kyc-link).
import { HostedPage, hostedPageMetadata } from "@/components/ui/HostedPage";
import { KycFlow } from "./kyc-flow";

export const metadata = hostedPageMetadata("Verify your identity");

export default async function KycPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <HostedPage>
      <KycFlow token={token} />
    </HostedPage>
  );
}
