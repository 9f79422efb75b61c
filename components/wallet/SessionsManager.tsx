"use client";
// The customer's wallet sessions: refresh, revoke one (signed with the current
// session or another session this device holds), revoke all others.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { listSessionKeys, deleteSessionKey } from "@/lib/browser/key-store";
import { FlowError, refreshSession, sessionKeyFor, signedCall } from "@/lib/browser/wallet-flows";
import { signOutCustomer } from "@/lib/browser/sign-out";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { typeWord } from "@/lib/kernel/wording";

interface Session {
  id: string;
  type: string;
  nickname: string;
  createdAt: string;
  expiresAt: string;
}

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });
const seconds = (iso: string) => new Date(iso).toLocaleTimeString("en", { timeStyle: "medium" });
/** A session as people tell it apart: how and when it was signed in. */
const sessionName = (s: Session) => `${typeWord(s.type)} sign-in of ${when(s.createdAt)} (${seconds(s.createdAt)})`;

export function SessionsManager({ sessions, currentSessionId }: { sessions: Session[]; currentSessionId: string }) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [local, setLocal] = useState<Set<string>>(new Set());
  const [signer, setSigner] = useState(currentSessionId);

  useEffect(() => {
    void listSessionKeys().then((keys) => setLocal(new Set(keys.map((k) => k.sessionId))));
  }, [sessions]);

  const signers = sessions.filter((s) => local.has(s.id));

  async function revoke(id: string): Promise<void> {
    const key = await sessionKeyFor(signer);
    const r = await signedCall("DELETE", `/api/wallet/sessions/${encodeURIComponent(id)}`, undefined, key);
    if (!r.ok) throw new FlowError(r.message);
    await deleteSessionKey(id).catch(() => undefined);
  }

  async function afterRevoking(ids: string[]) {
    if (ids.includes(currentSessionId)) {
      await signOutCustomer("/signin?ended=revoked");
      return;
    }
    router.refresh();
  }

  return (
    <>
      {signers.length > 1 ? (
        <label className="card">
          Confirm changes with the key of
          <select value={signer} onChange={(e) => setSigner(e.target.value)}>
            {signers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id === currentSessionId ? "This session (the one you are using)" : sessionName(s)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Your sessions</caption>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Device</th>
              <th scope="col">Signed in with</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => {
              const current = s.id === currentSessionId;
              return (
                <tr
                  key={s.id}
                  className={current ? "current-row" : undefined}
                  aria-current={current ? "true" : undefined}
                >
                  <td>
                    <span data-session-id={s.id}>{sessionName(s)}</span>{" "}
                    {current ? <span className="badge badge-info">Current</span> : null}
                  </td>
                  <td>{local.has(s.id) ? "This device" : "Another device"}</td>
                  <td>{typeWord(s.type)}</td>
                  <td>{when(s.createdAt)}</td>
                  <td>{when(s.expiresAt)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={pending}
                      aria-label={current ? "Refresh this session" : `Refresh ${sessionName(s)}`}
                      onClick={() =>
                        run(async () => {
                          const fresh = await refreshSession(s.id, await sessionKeyFor(signer), current);
                          router.refresh();
                          return `Session refreshed; the new one expires ${when(fresh.expiresAt)}.`;
                        })
                      }
                    >
                      Refresh
                    </button>
                    <button
                      type="button"
                      className="button-danger"
                      disabled={pending}
                      aria-label={current ? "Revoke this session" : `Revoke ${sessionName(s)}`}
                      onClick={() =>
                        run(async () => {
                          await revoke(s.id);
                          await afterRevoking([s.id]);
                          return "Session revoked.";
                        })
                      }
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button-danger"
          disabled={pending || sessions.length < 2}
          onClick={() =>
            run(async () => {
              const others = sessions.filter((s) => s.id !== currentSessionId && s.id !== signer).map((s) => s.id);
              for (const id of others) await revoke(id);
              router.refresh();
              return others.length ? `Signed out ${others.length} other session(s).` : "No other sessions.";
            })
          }
        >
          Revoke all other sessions
        </button>
      </div>
      <Status state={state} pendingText="Signing with your session key…" />
    </>
  );
}
