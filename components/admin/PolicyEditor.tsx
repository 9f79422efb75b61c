"use client";
// Edits an agent's policy as JSON; the API validates it and names every invalid field.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function PolicyEditor({ agentId, agentName, policy }: { agentId: string; agentName: string; policy: unknown }) {
  const router = useRouter();
  const [text, setText] = useState(JSON.stringify(policy, null, 2));
  const { state, run, pending } = useAction();
  const id = `policy-${agentId.replace(/[^a-z0-9]/gi, "")}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        run(async () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return { ok: false, message: "The policy is not valid JSON." };
          }
          const r = await bff("PATCH", `/api/admin/agents/${encodeURIComponent(agentId)}/policy`, parsed);
          if (r.ok) router.refresh();
          return r.ok ? { ok: true, message: "Policy saved." } : r;
        });
      }}
    >
      <label htmlFor={id}>Policy of {agentName}</label>
      <textarea id={id} rows={12} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Saving…" : "Save policy"}
      </button>
      <Status state={state} />
    </form>
  );
}
