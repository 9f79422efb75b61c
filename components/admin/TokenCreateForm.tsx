"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;

export function TokenCreateForm() {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [name, setName] = useState("");
  const [perms, setPerms] = useState<string[]>(["VIEW"]);
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    void run(async () => {
      if (perms.length === 0) return { ok: false, message: "Choose at least one permission." };
      const r = await bff<{ clientId: string; clientSecret: string }>("POST", "/api/admin/tokens", {
        name,
        permissions: perms,
      });
      if (!r.ok) return r;
      setCreated(r.data);
      setName("");
      router.refresh();
      return "Token created. Copy the secret now: it is not shown again.";
    });
  };

  return (
    <form className="card form" onSubmit={submit}>
      <h2>Create a token</h2>
      <label>
        Name
        <input name="name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <fieldset>
        <legend>Permissions</legend>
        {PERMISSIONS.map((p) => (
          <label key={p} className="check">
            <input
              type="checkbox"
              checked={perms.includes(p)}
              onChange={(e) => setPerms(e.target.checked ? [...perms, p] : perms.filter((x) => x !== p))}
            />
            {p}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Creating…" : "Create token"}
      </button>
      <Status state={state} pendingText="Creating the token…" />
      {created ? (
        <dl className="facts secret" aria-label="New token credentials">
          <dt>Client id</dt>
          <dd>
            <code>{created.clientId}</code>
          </dd>
          <dt>Client secret</dt>
          <dd>
            <code>{created.clientSecret}</code>
          </dd>
        </dl>
      ) : null}
    </form>
  );
}
