import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { SandboxPanel } from "@/components/admin/SandboxPanel";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  await requireStaffPage({ operator: true });
  return (
    <>
      <h1>Sandbox panel</h1>
      <p className="muted">
        Simulate what the outside world does: money arriving (sandbox funding or an incoming UMA payment) and time
        passing.
      </p>
      <SandboxPanel />
    </>
  );
}
