"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { parseMajorToMinor } from "@/lib/browser/money";
import { CURRENCIES } from "@/lib/domain/currencies";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

function FundAnyAccount() {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [accountId, setAccountId] = useState("");
  const [amount, setAmount] = useState("");
  const [decimals, setDecimals] = useState("2");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const minor = parseMajorToMinor(amount, Number(decimals));
      if (minor === null)
        return { ok: false, message: `Enter a positive amount with at most ${decimals} decimal places.` };
      const r = await bff("POST", `/api/admin/accounts/${encodeURIComponent(accountId.trim())}/fund`, {
        amount: Number(minor),
      });
      if (r.ok) router.refresh();
      return r.ok ? { ok: true, message: "Funds added." } : r;
    });
  };
  return (
    <form className="card form" onSubmit={submit}>
      <h2>Fund an internal account</h2>
      <label>
        Account id
        <input
          name="accountId"
          required
          placeholder="InternalAccount:…"
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
        />
      </label>
      <label>
        Amount
        <input
          name="amount"
          inputMode="decimal"
          required
          placeholder="100.00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label>
        Currency decimals
        <select name="decimals" value={decimals} onChange={(e) => setDecimals(e.target.value)}>
          <option value="0">0 (e.g. JPY)</option>
          <option value="2">2 (e.g. USD, EUR, USDB)</option>
          <option value="8">8 (e.g. BTC)</option>
        </select>
      </label>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Funding…" : "Fund account"}
      </button>
      <Status state={state} pendingText="Adding sandbox funds…" />
    </form>
  );
}

const CODES = Object.keys(CURRENCIES).sort();

function ReceiveUma() {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [sender, setSender] = useState("$sender@sandbox.example");
  const [receiver, setReceiver] = useState("");
  const [currency, setCurrency] = useState("USD");
  const [amount, setAmount] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
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
          message: "Enter the receiver: a UMA address such as $alice@example.com, or a customer id (Customer:…).",
        };
      const r = await bff<{ id: string; status: string }>("POST", "/api/admin/sandbox/uma-receive", {
        senderUmaAddress: sender.trim(),
        ...(to.startsWith("Customer:") ? { customerId: to } : { receiverUmaAddress: to }),
        receivingCurrencyCode: currency,
        receivingCurrencyAmount: Number(minor),
      });
      if (!r.ok) return r;
      router.refresh();
      return r.data.status === "PENDING"
        ? `Payment ${r.data.id} arrived and waits for platform approval; decide on it under Transactions.`
        : `Payment ${r.data.id} received: ${r.data.status}.`;
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
        Receiver (UMA address or customer id)
        <input
          name="receiver"
          required
          placeholder="$alice@example.com or Customer:…"
          value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
        />
      </label>
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

function TestWebhook() {
  const { state, run, pending } = useAction();
  return (
    <section className="card">
      <h2>Test webhook</h2>
      <p>Sends a TEST event to the configured webhook endpoint.</p>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending}
        onClick={() =>
          run(async () => {
            const r = await bff("POST", "/api/admin/sandbox/webhook-test", {});
            return r.ok ? { ok: true, message: "Test webhook sent; see Webhooks for the delivery." } : r;
          })
        }
      >
        {pending ? "Sending…" : "Send test webhook"}
      </button>
      <Status state={state} pendingText="Sending…" />
    </section>
  );
}

export function SandboxPanel() {
  return (
    <div className="grid">
      <FundAnyAccount />
      <ReceiveUma />
      <AdvanceClock />
      <TestWebhook />
    </div>
  );
}
