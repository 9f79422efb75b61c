"use client";
// Adds one of the platform's own external accounts. The fields follow the
// chosen account type from the same table the API validates with, so the form
// asks for exactly what that type needs; the API's field errors are shown as given.
import { useId, useMemo, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { ACCOUNT_TYPES, variantCurrency } from "@/lib/domain/external-accounts/account-types";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { typeWord } from "@/lib/kernel/wording";

const CRYPTO = ["USDC", "USDT", "BTC"];

function label(name: string): string {
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function PlatformExternalAccountForm() {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [accountType, setAccountType] = useState("USD_ACCOUNT");
  const spec = useMemo(() => ACCOUNT_TYPES.find((t) => t.accountType === accountType)!, [accountType]);
  const fixedCurrency = variantCurrency(accountType);
  const withBeneficiary = spec.beneficiary === "required";

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    void run(async () => {
      const accountInfo: Record<string, unknown> = { accountType };
      for (const f of spec.fields) if (text(`f.${f.name}`)) accountInfo[f.name] = text(`f.${f.name}`);
      if (withBeneficiary) {
        const business = text("beneficiaryType") === "BUSINESS";
        const address = {
          line1: text("b.line1"),
          postalCode: text("b.postalCode"),
          country: text("b.country").toUpperCase(),
        };
        accountInfo.beneficiary = business
          ? { beneficiaryType: "BUSINESS", legalName: text("b.name"), address }
          : {
              beneficiaryType: "INDIVIDUAL",
              fullName: text("b.name"),
              address,
              ...Object.fromEntries(
                spec.individualRequired
                  .filter((k) => k !== "address" && text(`b.${k}`))
                  .map((k) => [k, text(`b.${k}`)]),
              ),
            };
      }
      const r = await bff<{ id: string }>("POST", "/api/admin/external-accounts", {
        currency: fixedCurrency ?? text("currency"),
        ...(text("platformAccountId") ? { platformAccountId: text("platformAccountId") } : {}),
        accountInfo,
      });
      if (!r.ok) return r;
      router.refresh();
      return "Added the external account.";
    });
  };

  return (
    <form className="card form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a platform external account</h2>
      <label>
        Account type
        <select name="accountType" value={accountType} onChange={(e) => setAccountType(e.target.value)}>
          {ACCOUNT_TYPES.map((t) => (
            <option key={t.accountType} value={t.accountType}>
              {typeWord(t.accountType)}
            </option>
          ))}
        </select>
      </label>
      {fixedCurrency ? (
        <p className="hint">Currency: {fixedCurrency}</p>
      ) : (
        <label>
          Currency
          <select name="currency" defaultValue="USDC">
            {CRYPTO.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        Platform account id (optional)
        <input name="platformAccountId" maxLength={255} />
      </label>
      <fieldset key={accountType}>
        <legend>{typeWord(accountType)} details</legend>
        {spec.fields.map((f) =>
          f.enum ? (
            <label key={f.name}>
              {label(f.name)}
              {f.required ? "" : " (optional)"}
              <select name={`f.${f.name}`} required={f.required} defaultValue="">
                <option value="">{f.required ? "Choose…" : "—"}</option>
                {f.enum.map((v) => (
                  <option key={v} value={v}>
                    {typeWord(v)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label key={f.name}>
              {label(f.name)}
              {f.required ? "" : " (optional)"}
              <input name={`f.${f.name}`} required={f.required} maxLength={f.max} />
            </label>
          ),
        )}
        {accountType === "LIGHTNING" ? (
          <p className="hint">Give exactly one of invoice, bolt12 or lightning address.</p>
        ) : null}
      </fieldset>
      {withBeneficiary ? (
        <fieldset>
          <legend>Beneficiary</legend>
          <label>
            Beneficiary type
            <select name="beneficiaryType" defaultValue="BUSINESS">
              <option value="BUSINESS">{typeWord("BUSINESS")}</option>
              <option value="INDIVIDUAL">{typeWord("INDIVIDUAL")}</option>
            </select>
          </label>
          <label>
            Legal or full name
            <input name="b.name" required maxLength={255} />
          </label>
          <label>
            Address line 1
            <input name="b.line1" required maxLength={255} autoComplete="address-line1" />
          </label>
          <label>
            Postal code
            <input name="b.postalCode" required maxLength={32} autoComplete="postal-code" />
          </label>
          <label>
            Country (two letters)
            <input name="b.country" required minLength={2} maxLength={2} autoComplete="country" />
          </label>
          {spec.individualRequired
            .filter((k) => k !== "address")
            .map((k) => (
              <label key={k}>
                {label(k)} (individuals)
                <input name={`b.${k}`} />
              </label>
            ))}
        </fieldset>
      ) : null}
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Adding…" : "Add external account"}
      </button>
      <Status state={state} pendingText="Adding and verifying the account…" />
    </form>
  );
}
