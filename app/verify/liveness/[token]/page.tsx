// /verify/liveness/{token} – the hosted liveness check a platform sends its
// user to (the verificationLink of a LIVENESS ownership challenge).
import { HostedPage, hostedPageMetadata } from "@/components/ui/HostedPage";
import { LivenessFlow } from "./liveness-flow";

export const metadata = hostedPageMetadata("Liveness check");

export default async function LivenessPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <HostedPage>
      <LivenessFlow token={token} />
    </HostedPage>
  );
}
