"use client";
// The hosted liveness check. In the sandbox it is simulated: the user (or a
// test) chooses whether the biometric check passes. Talks only to
// /api/verify/liveness/{token}/... .
import { useCallback, useEffect, useState } from "react";

type State =
  | { provider: null; reason: string }
  | { provider: string; externalAccountId: string; accountType: string; address: string; expiresAt: string };
interface ApiErrorBody {
  code: string;
  reason: string;
  details?: { errors?: { field: string; message?: string }[] };
}
type Phase =
  | { kind: "loading" }
  | { kind: "ready"; state: State }
  | { kind: "gone"; reason: string }
  | { kind: "done"; outcome: "PASS" | "FAIL"; status: string };

function describeError(body: ApiErrorBody | undefined): string {
  if (!body) return "Something went wrong. Check your connection and try again.";
  const fields = body.details?.errors?.map((e) => e.message ?? e.field) ?? [];
  return fields.length ? fields.join("; ") : body.reason;
}

export function LivenessFlow({ token }: { token: string }) {
  const base = `/api/verify/liveness/${encodeURIComponent(token)}`;
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [busy, setBusy] = useState<"PASS" | "FAIL" | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void fetch(base, { cache: "no-store" })
      .then(async (res) => {
        const body = await res.json().catch(() => undefined);
        if (!live) return;
        if (res.ok) setPhase({ kind: "ready", state: body as State });
        else setPhase({ kind: "gone", reason: describeError(body as ApiErrorBody | undefined) });
      })
      .catch(
        () =>
          live &&
          setPhase({
            kind: "gone",
            reason: "The liveness check could not be loaded. Check your connection and reload the page.",
          }),
      );
    return () => {
      live = false;
    };
  }, [base]);

  const complete = useCallback(
    async (outcome: "PASS" | "FAIL") => {
      setBusy(outcome);
      setError(null);
      try {
        const res = await fetch(`${base}/complete`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ outcome }),
          cache: "no-store",
        });
        const body = await res.json().catch(() => undefined);
        if (res.ok) setPhase({ kind: "done", outcome, status: (body as { status: string }).status });
        else if (res.status === 404)
          setPhase({ kind: "gone", reason: describeError(body as ApiErrorBody | undefined) });
        else setError(describeError(body as ApiErrorBody | undefined));
      } catch {
        setError("The result could not be sent. Check your connection and try again.");
      } finally {
        setBusy(null);
      }
    },
    [base],
  );

  return (
    <>
      <h1>Liveness check</h1>
      {phase.kind === "loading" && (
        <p role="status" aria-live="polite">
          Loading…
        </p>
      )}
      {phase.kind === "gone" && (
        <section aria-labelledby="gone-h">
          <h2 id="gone-h">This link can no longer be used</h2>
          <p role="alert">{phase.reason}</p>
        </section>
      )}
      {phase.kind === "ready" && phase.state.provider === null && (
        <section aria-labelledby="none-h">
          <h2 id="none-h">Liveness checks are not available</h2>
          <p role="alert">{phase.state.reason}</p>
        </section>
      )}
      {phase.kind === "ready" && phase.state.provider !== null && (
        <section aria-labelledby="sim-h">
          <h2 id="sim-h">Sandbox: simulated biometric check</h2>
          <p>
            This is a sandbox. No camera is used and no biometric data is collected: choose the outcome the liveness
            check should have. It decides whether ownership of the wallet below is verified.
          </p>
          <dl>
            <dt>Wallet</dt>
            <dd>
              {phase.state.accountType} {phase.state.address}
            </dd>
            <dt>Link expires</dt>
            <dd>{new Date(phase.state.expiresAt).toUTCString()}</dd>
          </dl>
          {error && <p role="alert">{error}</p>}
          <p>
            <button type="button" onClick={() => void complete("PASS")} disabled={busy !== null}>
              {busy === "PASS" ? "Completing…" : "Complete liveness check"}
            </button>{" "}
            <button type="button" onClick={() => void complete("FAIL")} disabled={busy !== null}>
              {busy === "FAIL" ? "Failing…" : "Fail liveness check"}
            </button>
          </p>
        </section>
      )}
      {phase.kind === "done" && (
        <section aria-labelledby="done-h">
          <h2 id="done-h">{phase.outcome === "PASS" ? "Liveness check complete" : "Liveness check failed"}</h2>
          <p role="status" aria-live="polite">
            {phase.outcome === "PASS"
              ? `Wallet ownership is verified; the account is now ${phase.status}. You can close this page.`
              : `Wallet ownership was not verified; the account is now ${phase.status}. ` +
                "Ask for a new liveness check to try again."}
          </p>
        </section>
      )}
    </>
  );
}
