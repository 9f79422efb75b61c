"use client";
// Issues a new device code for an agent and shows it once, to type into the agent software.
import { useState } from "react";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function DeviceCodeButton({ agentId, agentName }: { agentId: string; agentName: string }) {
  const { state, run, pending } = useAction();
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  return (
    <span className="inline-action">
      <button
        type="button"
        className="button-secondary"
        disabled={pending}
        aria-busy={pending}
        aria-label={`New device code for ${agentName}`}
        onClick={() =>
          run(async () => {
            const r = await bff<{ code: string; expiresAt: string }>(
              "POST",
              `/api/admin/agents/${encodeURIComponent(agentId)}/device-codes`,
            );
            if (r.ok && r.data) setCode(r.data);
            return r.ok ? { ok: true, message: "New device code issued." } : r;
          })
        }
      >
        {pending ? "Issuing…" : "New device code"}
      </button>
      {code ? (
        <span>
          Code <code aria-label="Device code">{code.code}</code>, valid until{" "}
          {new Date(code.expiresAt).toLocaleTimeString("en")}
        </span>
      ) : null}
      <Status state={state} inline />
    </span>
  );
}
