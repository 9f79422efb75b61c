"use client";
// Opens the hosted KYC page (built by the verification flow) for this customer.
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function VerifyIdentityButton() {
  const { state, run, pending } = useAction();
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending}
        onClick={() =>
          run(async () => {
            const r = await bff<{ kycUrl: string }>("POST", "/api/wallet/kyc-link", {});
            if (!r.ok) return r;
            window.location.assign(r.data.kycUrl);
            return "Opening the verification page…";
          })
        }
      >
        {pending ? "Opening…" : "Verify your identity"}
      </button>
      <Status state={state} pendingText="Preparing your verification link…" />
    </>
  );
}
