"use client";
// The sandbox faults of the platform: the list with a way to remove each or all,
// and a form to add one. Every change sends the whole list (PUT replaces it).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import {
  FAULT_KINDS,
  faultEffect,
  faultFrequency,
  faultScope,
  faultSettingOf,
  isWebhookKind,
  type FaultEntry,
  type FaultKind,
  type FaultSetting,
} from "@/lib/browser/faults";

export interface OperationChoice {
  operationId: string;
  name: string;
}

type How = "always" | "rate" | "count";

export function FaultsPanel({
  faults,
  operations,
  editable,
}: {
  faults: FaultEntry[];
  operations: OperationChoice[];
  editable: boolean;
}) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const names = new Map(operations.map((o) => [o.operationId, o.name]));
  const operationName = (id: string) => names.get(id) ?? "An operation that no longer exists";
  // Used-up "next N calls" faults do nothing and cannot be set again: they are left out of every change.
  const kept = faults.filter((f) => f.remaining !== 0);

  const save = (next: FaultSetting[], done: string) =>
    run(async () => {
      const r = await bff("PUT", "/api/admin/sandbox/faults", { faults: next });
      if (r.ok) router.refresh();
      return r.ok ? { ok: true, message: done } : r;
    });

  return (
    <>
      <section className="card" aria-labelledby="faults-now">
        <h2 id="faults-now">Faults now in force</h2>
        {faults.length === 0 ? (
          <p>None: the sandbox answers every call normally.</p>
        ) : (
          <table>
            <caption className="sr-only">Faults now in force</caption>
            <thead>
              <tr>
                <th scope="col">What happens</th>
                <th scope="col">To</th>
                <th scope="col">How often</th>
                {editable ? (
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {faults.map((f) => (
                <tr key={f.id}>
                  <td>{faultEffect(f)}</td>
                  <td>{faultScope(f, operationName)}</td>
                  <td>{faultFrequency(f)}</td>
                  {editable ? (
                    <td>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={pending}
                        aria-label={`Remove: ${faultEffect(f)}`}
                        onClick={() =>
                          void save(
                            kept.filter((k) => k.id !== f.id).map(faultSettingOf),
                            "Fault removed. The rest stay in force.",
                          )
                        }
                      >
                        Remove
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {editable && faults.length > 0 ? (
          <p>
            <button
              type="button"
              className="button-secondary"
              disabled={pending}
              onClick={() => void save([], "All faults cleared. The sandbox answers normally again.")}
            >
              Clear all faults
            </button>
          </p>
        ) : null}
      </section>
      {editable ? (
        <AddFault
          operations={operations}
          pending={pending}
          onAdd={(setting) =>
            void save([...kept.map(faultSettingOf), setting], "Fault added. It applies from the next call.")
          }
        />
      ) : (
        <p className="muted">You can see the faults; only operators can change them.</p>
      )}
      <Status state={state} pendingText="Saving the faults…" />
    </>
  );
}

function AddFault({
  operations,
  pending,
  onAdd,
}: {
  operations: OperationChoice[];
  pending: boolean;
  onAdd: (s: FaultSetting) => void;
}) {
  const [kind, setKind] = useState<FaultKind>("ERROR");
  const [operationId, setOperationId] = useState("*");
  const [status, setStatus] = useState<"500" | "503">("503");
  const [latencyMs, setLatencyMs] = useState("1000");
  const [retryAfter, setRetryAfter] = useState("5");
  const [delaySeconds, setDelaySeconds] = useState("10");
  const [how, setHow] = useState<How>("always");
  const [percent, setPercent] = useState("50");
  const [count, setCount] = useState("3");
  const [problem, setProblem] = useState<string | null>(null);

  const whole = (text: string, min: number, max: number) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s: FaultSetting = { type: kind };
    if (!isWebhookKind(kind)) s.operationId = operationId;
    const fail = (message: string) => setProblem(message);
    if (kind === "ERROR") s.status = status === "500" ? 500 : 503;
    if (kind === "LATENCY") {
      const n = whole(latencyMs, 1, 30_000);
      if (n === null) return fail("Enter a delay between 1 and 30000 milliseconds.");
      s.latencyMs = n;
    }
    if (kind === "RATE_LIMIT") {
      const n = whole(retryAfter, 1, 3600);
      if (n === null) return fail("Enter a retry delay between 1 and 3600 seconds.");
      s.retryAfterSeconds = n;
    }
    if (kind === "WEBHOOK_DELAY") {
      const n = whole(delaySeconds, 1, 3600);
      if (n === null) return fail("Enter a hold-back between 1 and 3600 seconds.");
      s.delaySeconds = n;
    }
    if (how === "rate") {
      const p = Number(percent);
      if (!(p > 0 && p <= 100)) return fail("Enter a share between 1 and 100 percent.");
      s.rate = p / 100;
    } else if (how === "count") {
      const n = whole(count, 1, 10_000);
      if (n === null) return fail("Enter a number of calls between 1 and 10000.");
      s.count = n;
    }
    setProblem(null);
    onAdd(s);
  };

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="faults-add">
      <h2 id="faults-add">Add a fault</h2>
      <fieldset disabled={pending}>
        <label>
          What should happen
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as FaultKind)}>
            {FAULT_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {isWebhookKind(kind) ? null : (
          <label>
            To which calls
            <select name="operationId" value={operationId} onChange={(e) => setOperationId(e.target.value)}>
              <option value="*">Every API call</option>
              {operations.map((o) => (
                <option key={o.operationId} value={o.operationId}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === "ERROR" ? (
          <label>
            Which error
            <select name="status" value={status} onChange={(e) => setStatus(e.target.value as "500" | "503")}>
              <option value="503">Service unavailable (503)</option>
              <option value="500">Internal server error (500)</option>
            </select>
          </label>
        ) : null}
        {kind === "LATENCY" ? (
          <label>
            Extra wait (milliseconds)
            <input
              name="latencyMs"
              inputMode="numeric"
              value={latencyMs}
              onChange={(e) => setLatencyMs(e.target.value)}
            />
          </label>
        ) : null}
        {kind === "RATE_LIMIT" ? (
          <label>
            Ask to retry after (seconds)
            <input
              name="retryAfterSeconds"
              inputMode="numeric"
              value={retryAfter}
              onChange={(e) => setRetryAfter(e.target.value)}
            />
          </label>
        ) : null}
        {kind === "WEBHOOK_DELAY" ? (
          <label>
            Hold each webhook back (seconds)
            <input
              name="delaySeconds"
              inputMode="numeric"
              value={delaySeconds}
              onChange={(e) => setDelaySeconds(e.target.value)}
            />
          </label>
        ) : null}
        <label>
          How often
          <select name="how" value={how} onChange={(e) => setHow(e.target.value as How)}>
            <option value="always">Every time</option>
            <option value="rate">A share of the time</option>
            <option value="count">Only the next few times</option>
          </select>
        </label>
        {how === "rate" ? (
          <label>
            Share of calls (percent)
            <input name="percent" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
          </label>
        ) : null}
        {how === "count" ? (
          <label>
            Number of calls
            <input name="count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          </label>
        ) : null}
        {problem ? (
          <p role="alert" className="alert alert-error">
            {problem}
          </p>
        ) : null}
        <button type="submit" aria-busy={pending}>
          Add fault
        </button>
      </fieldset>
    </form>
  );
}
