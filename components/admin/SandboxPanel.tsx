"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { formatAmount, parseMajorToMinor, type CurrencyAmountView } from "@/lib/browser/money";
import { CURRENCIES } from "@/lib/domain/currencies";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { internalAccountName, statusWord } from "@/lib/kernel/wording";
import { CustomerPicker, type CustomerChoice } from "@/components/admin/CustomerPicker";

interface AccountChoice {
  id: string;
  /** "Wallet (USDB)" */
  kind: string;
  label: string;
  currency: string;
  decimals: number;
}

interface CustomerAccount {
  id: string;
  type: string;
  balance: CurrencyAmountView;
}

/** "Wallet (USDB), 12.00 USDB": an account of the chosen customer, for the select. */
function accountChoice(a: CustomerAccount): AccountChoice {
  const currency = a.balance.currency.code;
  const kind = internalAccountName({ type: a.type, currency });
  return {
    id: a.id,
    kind,
    currency,
    decimals: a.balance.currency.decimals,
    label: `${kind}, ${formatAmount(a.balance)}`,
  };
}

function FundAnyAccount() {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [customer, setCustomer] = useState<CustomerChoice>();
  const [accounts, setAccounts] = useState<{ for: string; list: AccountChoice[] } | { for: string; error: string }>();
  const [accountId, setAccountId] = useState("");
  const [amount, setAmount] = useState("");
  const list = accounts && "list" in accounts && accounts.for === customer?.id ? accounts.list : [];
  const chosen = list.find((a) => a.id === accountId);
  const current = useRef<string | undefined>(undefined);
  const pick = async (c: CustomerChoice | undefined) => {
    current.current = c?.id;
    setCustomer(c);
    setAccounts(undefined);
    setAccountId("");
    if (!c) return;
    const r = await bff<{ data: CustomerAccount[] }>(
      "GET",
      `/api/admin/customers/${encodeURIComponent(c.id)}/accounts`,
    );
    if (!r.ok) return setAccounts({ for: c.id, error: r.message });
    const choices = r.data.data.map(accountChoice);
    setAccounts({ for: c.id, list: choices });
    // Only the answer for the customer still chosen picks the account (another pick may have come since).
    setAccountId((id) => (current.current === c.id ? (choices[0]?.id ?? "") : id));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (!customer) return { ok: false, message: "Choose the customer whose account to fund." };
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
      if (!r.ok) return r;
      router.refresh();
      void pick(customer);
      return { ok: true, message: `Added ${amount} ${chosen.currency} to ${customer.name}'s ${chosen.kind}.` };
    });
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Fund an internal account">
      <h2>Fund an internal account</h2>
      <CustomerPicker
        label="Customer (name, email or reference)"
        placeholder="Search the platform's customers"
        clearText="Choose another"
        onChange={(c) => void pick(c)}
      />
      {customer && accounts && "error" in accounts ? <p role="alert">{accounts.error}</p> : null}
      {customer && accounts && "list" in accounts && list.length === 0 ? (
        <p className="muted">{customer.name} has no internal accounts yet.</p>
      ) : null}
      {list.length > 0 ? (
        <label>
          Account
          <select name="accountId" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
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
  const [customer, setCustomer] = useState<CustomerChoice>();
  const [receiverUma, setReceiverUma] = useState("");
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
      const to = receiverUma.trim();
      if (!customer && !to)
        return {
          ok: false,
          message:
            "Choose the receiving customer (search by name or email) or type a UMA address ($alice@example.com).",
        };
      const r = await bff<{ id: string; status: string }>("POST", "/api/admin/sandbox/uma-receive", {
        senderUmaAddress: sender.trim(),
        ...(customer ? { customerId: customer.id } : { receiverUmaAddress: to }),
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
      <CustomerPicker
        label="Receiving customer (name, email or reference)"
        placeholder="Search the platform's customers"
        clearText="Choose another"
        onChange={setCustomer}
      />
      {customer ? null : (
        <label>
          Or any UMA address
          <input
            name="receiverUmaAddress"
            placeholder="$alice@example.com"
            value={receiverUma}
            onChange={(e) => setReceiverUma(e.target.value)}
          />
        </label>
      )}
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

export function SandboxPanel({ webhookEndpoint, inboxUrl }: { webhookEndpoint: string | null; inboxUrl: string }) {
  return (
    <div className="grid">
      <FundAnyAccount />
      <ReceiveUma />
      <AdvanceClock />
      <TestWebhook endpoint={webhookEndpoint} inboxUrl={inboxUrl} />
    </div>
  );
}
