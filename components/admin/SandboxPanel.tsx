"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { parseMajorToMinor } from "@/lib/browser/money";
import { CURRENCIES } from "@/lib/domain/currencies";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { statusWord } from "@/lib/kernel/wording";

export interface AccountChoice {
  id: string;
  label: string;
  currency: string;
  decimals: number;
}

export interface CustomerChoice {
  name: string;
  umaAddress: string;
}

function FundAnyAccount({ accounts }: { accounts: AccountChoice[] }) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const chosen = accounts.find((a) => a.id === accountId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (!chosen) return { ok: false, message: "Choose the account to fund." };
      const minor = parseMajorToMinor(amount, chosen.decimals);
      if (minor === null)
        return {
          ok: false,
          message: `Enter a positive amount in ${chosen.currency} with at most ${chosen.decimals} decimal places.`,
        };
      const r = await bff("POST", `/api/admin/accounts/${encodeURIComponent(chosen.id)}/fund`, {
        amount: Number(minor),
      });
      if (r.ok) router.refresh();
      return r.ok ? { ok: true, message: `Added ${amount} ${chosen.currency} to ${chosen.label}.` } : r;
    });
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Fund an internal account">
      <h2>Fund an internal account</h2>
      {accounts.length === 0 ? (
        <p className="muted">No customer accounts yet. Create a customer first.</p>
      ) : (
        <>
          <label>
            Account
            <select name="accountId" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Amount{chosen ? ` (${chosen.currency})` : ""}
            <input
              name="amount"
              inputMode="decimal"
              required
              placeholder="100.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? "Funding…" : "Fund account"}
          </button>
        </>
      )}
      <Status state={state} pendingText="Adding sandbox funds…" />
    </form>
  );
}

const CODES = Object.keys(CURRENCIES).sort();

function ReceiveUma({ customers }: { customers: CustomerChoice[] }) {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [sender, setSender] = useState("$sender@sandbox.example");
  const [receiver, setReceiver] = useState("");
  const [currency, setCurrency] = useState("USD");
  const [amount, setAmount] = useState("");
  // The payment just made, linked by words under the status (its id stays out of the text).
  const [made, setMade] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMade(undefined);
    void run(async () => {
      const decimals = CURRENCIES[currency]?.decimals ?? 2;
      const minor = parseMajorToMinor(amount, decimals);
      if (minor === null)
        return {
          ok: false,
          message: `Enter a positive amount in ${currency} with at most ${decimals} decimal places.`,
        };
      const to = receiver.trim();
      if (!to)
        return {
          ok: false,
          message:
            "Enter the receiver: pick a customer from the suggestions or type a UMA address ($alice@example.com).",
        };
      const r = await bff<{ id: string; status: string }>("POST", "/api/admin/sandbox/uma-receive", {
        senderUmaAddress: sender.trim(),
        ...(to.startsWith("Customer:") ? { customerId: to } : { receiverUmaAddress: to }),
        receivingCurrencyCode: currency,
        receivingCurrencyAmount: Number(minor),
      });
      if (!r.ok) return r;
      router.refresh();
      setMade(r.data.id);
      const what = `The payment of ${amount} ${currency}`;
      return r.data.status === "PENDING"
        ? `${what} arrived and waits for platform approval.`
        : `${what} was received: ${statusWord(r.data.status).text.toLowerCase()}.`;
    });
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Simulate incoming UMA payment</h2>
      <label>
        Sender UMA address
        <input name="senderUmaAddress" required value={sender} onChange={(e) => setSender(e.target.value)} />
      </label>
      <label>
        Receiver (a customer or a UMA address)
        <input
          name="receiver"
          required
          list={`${id}-customers`}
          placeholder="Pick a customer or type a UMA address"
          value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
        />
      </label>
      <datalist id={`${id}-customers`}>
        {customers.map((c) => (
          <option key={c.umaAddress} value={c.umaAddress}>
            {c.name}
          </option>
        ))}
      </datalist>
      <label>
        Currency
        <select name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
          {CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount received
        <input
          name="amount"
          inputMode="decimal"
          required
          placeholder="25.00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Sending payment…" : "Simulate payment"}
      </button>
      <Status state={state} pendingText="Delivering the UMA payment…" />
      {made && state.status === "done" ? (
        <p>
          <Link href={`/admin/transactions/${encodeURIComponent(made)}`}>Open the payment</Link>
        </p>
      ) : null}
    </form>
  );
}

function AdvanceClock() {
  const { state, run, pending } = useAction();
  const [minutes, setMinutes] = useState("10");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const n = Number(minutes);
      if (!Number.isInteger(n) || n < 1 || n > 43200)
        return { ok: false, message: "Enter a whole number of minutes between 1 and 43200 (30 days)." };
      const r = await bff<{ jobsMoved: number }>("POST", "/api/admin/sandbox/clock", { seconds: n * 60 });
      return r.ok
        ? { ok: true, message: `Advanced ${n} minute(s); ${r.data.jobsMoved} scheduled outcome(s) moved earlier.` }
        : r;
    });
  };
  return (
    <form className="card form" onSubmit={submit}>
      <h2>Advance sandbox time</h2>
      <label>
        Minutes
        <input
          name="minutes"
          type="number"
          min={1}
          max={43200}
          required
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </label>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Advancing…" : "Advance time"}
      </button>
      <Status state={state} pendingText="Moving scheduled outcomes…" />
    </form>
  );
}

function TestWebhook({ endpoint, inboxUrl }: { endpoint: string | null; inboxUrl: string }) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const send = () =>
    run(async () => {
      const r = await bff("POST", "/api/admin/sandbox/webhook-test", {});
      return r.ok ? { ok: true, message: "Test webhook sent; see Webhooks for the delivery." } : r;
    });
  const useInbox = () =>
    run(async () => {
      const set = await bff("PATCH", "/api/admin/config", { webhookEndpoint: inboxUrl });
      if (!set.ok) return set;
      router.refresh();
      const r = await bff("POST", "/api/admin/sandbox/webhook-test", {});
      return r.ok
        ? { ok: true, message: "Webhooks now go to the built-in sandbox receiver; a test event was sent to it." }
        : r;
    });
  return (
    <section className="card" aria-labelledby="test-webhook-heading">
      <h2 id="test-webhook-heading">Test webhook</h2>
      {endpoint ? (
        <p>
          Sends a test event to <code>{endpoint}</code>
          {endpoint === inboxUrl ? " (the built-in sandbox receiver)" : ""}.
        </p>
      ) : (
        <p>
          No webhook endpoint is set, so events are not sent and incoming payments do not wait for approval. Use
          Meridian&apos;s built-in sandbox receiver to try deliveries and approvals now.
        </p>
      )}
      <div className="actions">
        {/* Without an endpoint a plain test can only fail: the one way offered is the built-in receiver. */}
        {endpoint ? (
          <button type="button" disabled={pending} aria-busy={pending} onClick={send}>
            Send test webhook
          </button>
        ) : (
          <button type="button" disabled={pending} aria-busy={pending} onClick={useInbox}>
            Use the built-in receiver and send a test
          </button>
        )}
      </div>
      <Status state={state} pendingText="Sending…" />
    </section>
  );
}

export function SandboxPanel({
  accounts,
  customers,
  webhookEndpoint,
  inboxUrl,
}: {
  accounts: AccountChoice[];
  customers: CustomerChoice[];
  webhookEndpoint: string | null;
  inboxUrl: string;
}) {
  return (
    <div className="grid">
      <FundAnyAccount accounts={accounts} />
      <ReceiveUma customers={customers} />
      <AdvanceClock />
      <TestWebhook endpoint={webhookEndpoint} inboxUrl={inboxUrl} />
    </div>
  );
}
