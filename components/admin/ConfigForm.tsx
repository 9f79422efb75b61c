"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import type { PlatformConfig } from "./types";

export function ConfigForm({
  config,
  editable,
  inboxUrl,
}: {
  config: PlatformConfig;
  editable: boolean;
  /** The sandbox's built-in webhook receiver, offered as the endpoint (sandbox only). */
  inboxUrl?: string;
}) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [umaDomain, setUmaDomain] = useState(config.umaDomain);
  const [webhookEndpoint, setWebhookEndpoint] = useState(config.webhookEndpoint ?? "");
  const [regulated, setRegulated] = useState(config.isRegulatedFinancialInstitution);
  const [skipPaperwork, setSkipPaperwork] = useState(config.skipVerificationPaperwork);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await bff("PATCH", "/api/admin/config", {
        umaDomain,
        webhookEndpoint: webhookEndpoint.trim() === "" ? null : webhookEndpoint.trim(),
        isRegulatedFinancialInstitution: regulated,
        skipVerificationPaperwork: skipPaperwork,
      });
      if (r.ok) router.refresh();
      return r.ok ? { ok: true, message: "Configuration saved." } : r;
    });
  };

  return (
    <form className="card form" onSubmit={submit}>
      <fieldset disabled={!editable || pending}>
        <legend>General</legend>
        <label>
          UMA domain
          <input name="umaDomain" required value={umaDomain} onChange={(e) => setUmaDomain(e.target.value)} />
        </label>
        <label>
          Webhook endpoint
          <input
            name="webhookEndpoint"
            type="url"
            placeholder="https://example.com/webhooks"
            value={webhookEndpoint}
            onChange={(e) => setWebhookEndpoint(e.target.value)}
            aria-describedby="webhook-help"
          />
        </label>
        <p id="webhook-help" className="hint">
          Leave empty to stop sending webhooks.
        </p>
        {inboxUrl && webhookEndpoint !== inboxUrl ? (
          <p>
            <button type="button" className="button-secondary" onClick={() => setWebhookEndpoint(inboxUrl)}>
              Use the built-in sandbox receiver
            </button>
          </p>
        ) : null}
      </fieldset>
      <fieldset disabled={!editable || pending}>
        <legend>Sandbox flags</legend>
        <label className="check">
          <input
            type="checkbox"
            name="isRegulatedFinancialInstitution"
            checked={regulated}
            onChange={(e) => setRegulated(e.target.checked)}
          />
          Regulated financial institution (customers resolve at creation)
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="skipVerificationPaperwork"
            checked={skipPaperwork}
            onChange={(e) => setSkipPaperwork(e.target.checked)}
          />
          Skip verification paperwork
        </label>
      </fieldset>
      {editable ? (
        <button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Saving…" : "Save configuration"}
        </button>
      ) : null}
      <Status state={state} pendingText="Saving the configuration…" />
    </form>
  );
}
