"use client";
// Send: choose where the money comes from and goes to, lock the sending or
// the receiving amount, see the live indicative rate, get a firm quote with
// its expiry, then execute it. Executing from the embedded wallet is a signed
// retry done here in the browser: the BFF answers 202 {payloadToSign,
// requestId}, the session key (non-extractable, in IndexedDB) stamps it and
// the same call is repeated with the stamp. The BFF never sees the key.
import Link from "next/link";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import type { z } from "zod";
import type { QuoteResponse } from "@/lib/domain/quotes/schemas";
import { bff } from "@/lib/browser/bff";
import { FlowError, sessionKeyFor, signedCall } from "@/lib/browser/wallet-flows";
import { parseMajorToMinor } from "@/lib/browser/money";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { STATUS_TEXT, money } from "./money-views";

export interface SourceOption {
  id: string;
  name: string;
  currency: string;
  decimals: number;
  available: string;
}

export interface DestinationOption {
  id: string;
  name: string;
  currency: string;
  decimals: number;
  kind: "external" | "internal";
}

/** The API's quote, passed through by the BFF unchanged. */
type Quote = z.infer<typeof QuoteResponse>;

interface Rate {
  exchangeRate: number;
  receivingAmount: number;
  fees: { total: number };
  sendingAmount: number;
}

type DestKind = "external" | "internal" | "uma";

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function SendMoney({
  sources,
  destinations,
  currencies,
  sessionId,
}: {
  sources: SourceOption[];
  destinations: DestinationOption[];
  currencies: { code: string; decimals: number }[];
  sessionId: string;
}) {
  const uid = useId();
  const quoting = useAction();
  const executing = useAction();
  const [sourceId, setSourceId] = useState(sources[0]?.id ?? "");
  const hasExternal = destinations.some((d) => d.kind === "external");
  const [destKind, setDestKind] = useState<DestKind>(hasExternal ? "external" : "internal");
  const [destId, setDestId] = useState("");
  const [uma, setUma] = useState("");
  const [umaCurrency, setUmaCurrency] = useState("");
  const [side, setSide] = useState<"SENDING" | "RECEIVING">("SENDING");
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [executed, setExecuted] = useState<{ transactionId: string; status: string } | null>(null);
  const [rate, setRate] = useState<{
    state: "idle" | "loading" | "ok" | "none" | "error";
    rate?: Rate;
    message?: string;
  }>({ state: "idle" });

  const source = sources.find((s) => s.id === sourceId);
  const destChoices = destinations.filter((d) => d.kind === destKind && d.id !== sourceId);
  const dest = destChoices.find((d) => d.id === destId) ?? (destKind === "uma" ? undefined : destChoices[0]);
  const destCurrency =
    destKind === "uma"
      ? currencies.find((c) => c.code === umaCurrency)
      : dest
        ? { code: dest.currency, decimals: dest.decimals }
        : undefined;
  const lockedCurrency =
    side === "SENDING" ? (source ? { code: source.currency, decimals: source.decimals } : undefined) : destCurrency;
  const now = useNow(quote !== null && !executed);
  const left = quote ? new Date(quote.expiresAt).getTime() - now : 0;
  const expired = quote !== null && left <= 0;

  // Any change to the request makes an existing quote stale.
  useEffect(() => {
    setQuote(null);
    setExecuted(null);
  }, [sourceId, destKind, destId, uma, umaCurrency, side, amount]);

  const lockedDecimals = lockedCurrency?.decimals;
  const minor = useMemo(
    () => (lockedDecimals !== undefined ? parseMajorToMinor(amount, lockedDecimals) : null),
    [amount, lockedDecimals],
  );

  // The live indicative rate for the chosen pair (debounced).
  const sourceCcy = source?.currency;
  const sourceDecimals = source?.decimals ?? 0;
  const destCode = destCurrency?.code;
  useEffect(() => {
    if (!sourceCcy || !destCode) {
      setRate({ state: "idle" });
      return;
    }
    if (sourceCcy === destCode) {
      setRate({ state: "none", message: "Same currency: no conversion. Fees, if any, show on the quote." });
      return;
    }
    const sendingAmount = side === "SENDING" && minor ? String(minor) : undefined;
    setRate({ state: "loading" });
    const t = setTimeout(async () => {
      const params = new URLSearchParams({
        sourceCurrency: sourceCcy,
        destinationCurrency: destCode,
        ...(sendingAmount ? { sendingAmount } : {}),
      });
      const r = await bff<{ data: Rate[] }>("GET", `/api/wallet/exchange-rates?${params}`);
      if (!r.ok) setRate({ state: "error", message: r.message });
      // indicative rates cover bank payouts (fiat) only; a crypto payout's rate shows on its quote
      else if (!r.data.data[0]) setRate({ state: "none", message: `The rate to ${destCode} shows on the quote.` });
      else setRate({ state: "ok", rate: r.data.data[0] });
    }, 400);
    return () => clearTimeout(t);
  }, [sourceCcy, destCode, side, minor]);

  const getQuote = (e: FormEvent) => {
    e.preventDefault();
    void quoting.run(async () => {
      if (!source) return { ok: false, message: "You have no account to send from." };
      if (destKind === "uma" && !/^\$[^@\s]+@[^@\s]+\.[^@\s]+$/.test(uma.trim()))
        return { ok: false, message: "Enter a UMA address such as $alice@example.com." };
      if (destKind !== "uma" && !dest)
        return {
          ok: false,
          message:
            destKind === "external"
              ? "Add an external account first, or choose another destination."
              : "Choose the account to send to.",
        };
      if (!lockedCurrency)
        return { ok: false, message: "Choose the currency they receive, or lock the amount you send instead." };
      if (minor === null)
        return {
          ok: false,
          message:
            `Enter a positive amount in ${lockedCurrency.code} with at most ${lockedCurrency.decimals} ` +
            "decimal places, e.g. 10.00.",
        };
      const destination =
        destKind === "uma"
          ? {
              destinationType: "UMA_ADDRESS",
              umaAddress: uma.trim(),
              ...(umaCurrency ? { currency: umaCurrency } : {}),
            }
          : { destinationType: "ACCOUNT", accountId: dest!.id };
      const r = await bff<Quote>("POST", "/api/wallet/quotes", {
        sourceAccountId: source.id,
        destination,
        lockedCurrencySide: side,
        lockedCurrencyAmount: Number(minor),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      if (!r.ok) return r;
      setQuote(r.data);
      return "Quote ready. Check it and execute before it expires.";
    });
  };

  const execute = () =>
    void executing.run(async () => {
      if (!quote) return;
      if (expired) return { ok: false, message: "This quote has expired. Get a new quote." };
      const r = await signedCall<Quote>(
        "POST",
        `/api/wallet/quotes/${encodeURIComponent(quote.id)}/execute`,
        undefined,
        await sessionKeyFor(sessionId),
      );
      if (!r.ok)
        throw new FlowError(r.code === "QUOTE_EXPIRED" ? "This quote has expired. Get a new quote." : r.message);
      setExecuted({ transactionId: r.data.transactionId, status: r.data.status });
      return `Sent. Status: ${(STATUS_TEXT[r.data.status] ?? r.data.status).toLowerCase()}.`;
    });

  if (!sources.length)
    return (
      <p className="alert alert-error">
        You have no account to send from. Reload the page, or contact support if this persists.
      </p>
    );

  return (
    <>
      <form onSubmit={getQuote} className="card form" aria-labelledby={`${uid}-title`} noValidate>
        <h2 id={`${uid}-title`}>Get a quote</h2>
        <div className="field">
          <label htmlFor={`${uid}-source`}>From</label>
          <select id={`${uid}-source`} value={sourceId} onChange={(e) => setSourceId(e.target.value)}>
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} — {s.available} available
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>To</legend>
          <div className="radio-row" role="radiogroup" aria-label="Destination type">
            {(
              [
                ["external", "My external account"],
                ["internal", "My other account"],
                ["uma", "UMA address"],
              ] as const
            ).map(([k, text]) => (
              <label key={k} className="check">
                <input
                  type="radio"
                  name={`${uid}-dest-kind`}
                  value={k}
                  checked={destKind === k}
                  onChange={() => {
                    setDestKind(k);
                    setDestId("");
                  }}
                />
                {text}
              </label>
            ))}
          </div>
          {destKind === "uma" ? (
            <>
              <div className="field">
                <label htmlFor={`${uid}-uma`}>UMA address</label>
                <input
                  id={`${uid}-uma`}
                  value={uma}
                  onChange={(e) => setUma(e.target.value)}
                  placeholder="$alice@example.com"
                  autoComplete="off"
                />
              </div>
              <div className="field">
                <label htmlFor={`${uid}-uma-currency`}>Currency they receive (optional)</label>
                <select id={`${uid}-uma-currency`} value={umaCurrency} onChange={(e) => setUmaCurrency(e.target.value)}>
                  <option value="">Their default</option>
                  {currencies.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.code}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : destChoices.length ? (
            <div className="field">
              <label htmlFor={`${uid}-dest`}>{destKind === "external" ? "External account" : "Account"}</label>
              <select id={`${uid}-dest`} value={dest?.id ?? ""} onChange={(e) => setDestId(e.target.value)}>
                {destChoices.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="muted">
              {destKind === "external" ? (
                <>
                  You have no external account yet. <Link href="/wallet/external-accounts">Add one</Link> first.
                </>
              ) : (
                "You have no other account to send to."
              )}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Amount</legend>
          <div className="radio-row" role="radiogroup" aria-label="Which amount is fixed">
            <label className="check">
              <input
                type="radio"
                name={`${uid}-side`}
                checked={side === "SENDING"}
                onChange={() => setSide("SENDING")}
              />
              I send exactly
            </label>
            <label className="check">
              <input
                type="radio"
                name={`${uid}-side`}
                checked={side === "RECEIVING"}
                onChange={() => setSide("RECEIVING")}
              />
              They receive exactly
            </label>
          </div>
          <div className="field">
            <label htmlFor={`${uid}-amount`}>Amount{lockedCurrency ? ` (${lockedCurrency.code})` : ""}</label>
            <input
              id={`${uid}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="10.00"
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${uid}-description`}>Note (optional)</label>
            <input
              id={`${uid}-description`}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
        </fieldset>
        <section aria-labelledby={`${uid}-rate-title`} className="rate-box">
          <h3 id={`${uid}-rate-title`} className="h3">
            Live rate
          </h3>
          <p role="status" aria-busy={rate.state === "loading"}>
            {rate.state === "loading"
              ? "Checking the rate…"
              : rate.state === "ok" && rate.rate && sourceCcy && destCurrency
                ? `1 ${sourceCcy} = ${rate.rate.exchangeRate} ${destCurrency.code}; ` +
                  `fees ${money(rate.rate.fees.total, { code: sourceCcy, decimals: sourceDecimals })}; ` +
                  `${money(rate.rate.sendingAmount, { code: sourceCcy, decimals: sourceDecimals })} → ` +
                  money(rate.rate.receivingAmount, destCurrency)
                : rate.state === "idle"
                  ? "Choose where to send to see the rate."
                  : rate.message}
          </p>
        </section>
        <div className="actions">
          <button type="submit" disabled={quoting.pending} aria-busy={quoting.pending}>
            {quoting.pending ? "Getting quote…" : quote ? "Get a new quote" : "Get quote"}
          </button>
        </div>
        <Status state={quoting.state} pendingText="Getting a quote…" />
      </form>

      {quote ? (
        <section className="card" aria-labelledby={`${uid}-quote-title`}>
          <h2 id={`${uid}-quote-title`}>Your quote</h2>
          <dl className="facts">
            <dt>You send</dt>
            <dd>{money(quote.totalSendingAmount, quote.sendingCurrency)}</dd>
            <dt>Fees (included)</dt>
            <dd>{money(quote.feesIncluded, quote.sendingCurrency)}</dd>
            <dt>Exchange rate</dt>
            <dd>
              1 {quote.sendingCurrency.code} = {quote.exchangeRate} {quote.receivingCurrency.code}
            </dd>
            <dt>They receive</dt>
            <dd>{money(quote.totalReceivingAmount, quote.receivingCurrency)}</dd>
            <dt>Expires in</dt>
            <dd>
              <span role="timer" aria-live="off" aria-label="Time left on this quote">
                {executed ? "—" : expired ? "Expired" : countdown(left)}
              </span>
            </dd>
          </dl>
          {executed ? (
            <p>
              <Link href={`/wallet/transactions/${encodeURIComponent(executed.transactionId)}`}>
                View the transaction
              </Link>
            </p>
          ) : expired ? (
            <p className="alert alert-error" role="alert">
              This quote has expired. Use “Get a new quote” above for a fresh rate.
            </p>
          ) : (
            <div className="actions">
              <button type="button" onClick={execute} disabled={executing.pending} aria-busy={executing.pending}>
                {executing.pending ? "Executing…" : "Execute"}
              </button>
            </div>
          )}
          <Status state={executing.state} pendingText="Signing with your session key and sending…" />
        </section>
      ) : null}
    </>
  );
}
