"use client";
// Adding an external account: the account type picks its form (fields from
// the API's schema via lib/bff/web/account-forms.ts); the API's details.errors[]
// come back next to the fields they name.
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import type { AccountTypeForm, FormField } from "@/lib/bff/web/account-forms";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { typeWord } from "@/lib/kernel/wording";

interface FieldError {
  field: string;
  message: string;
}

/** The schema's checks of one field, in the user's words; "" when the value passes. */
function checkField(f: FormField, raw: string): string {
  const v = raw.trim();
  if (!v) return f.required ? "Fill this in." : "";
  if (f.options && !f.options.includes(v)) return "Choose one of the offered options.";
  const tooShort = f.minLength !== undefined && v.length < f.minLength;
  const tooLong = f.maxLength !== undefined && v.length > f.maxLength;
  let bad = tooShort || tooLong;
  if (!bad && f.pattern) {
    try {
      bad = !new RegExp(f.pattern).test(v);
    } catch {
      bad = false;
    }
  }
  if (!bad) return "";
  if (f.hint) return `Enter ${f.hint}.`;
  if (tooShort) return `Too short: enter at least ${f.minLength} characters.`;
  if (tooLong) return `Too long: enter at most ${f.maxLength} characters.`;
  return "Not in the expected form.";
}

function setPath(target: Record<string, unknown>, path: string, value: string) {
  const parts = path.split(".");
  let at = target;
  for (const p of parts.slice(0, -1)) {
    at[p] ??= {};
    at = at[p] as Record<string, unknown>;
  }
  at[parts[parts.length - 1]] = value;
}

export function ExternalAccountForm({
  forms,
  defaultType = "USD_ACCOUNT",
}: {
  forms: AccountTypeForm[];
  defaultType?: string;
}) {
  const router = useRouter();
  const uid = useId();
  const { state, run, pending, setState } = useAction();
  const [accountType, setAccountType] = useState(defaultType);
  const form = useMemo(() => forms.find((f) => f.accountType === accountType) ?? forms[0], [forms, accountType]);
  const [currency, setCurrency] = useState(form.currencies[0]);
  const [beneficiaryType, setBeneficiaryType] = useState<string>(form.beneficiary?.variants[0]?.beneficiaryType ?? "");
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  // After a refused submit, focus moves to the list of fields to fix.
  useEffect(() => {
    if (Object.keys(errors).length) document.getElementById(`${uid}-summary`)?.focus();
  }, [errors, uid]);

  const benVariant = form.beneficiary?.variants.find((v) => v.beneficiaryType === beneficiaryType);
  const errorFields = Object.keys(errors);

  function chooseType(next: string) {
    const f = forms.find((x) => x.accountType === next)!;
    setAccountType(next);
    setCurrency(f.currencies[0]);
    setBeneficiaryType(f.beneficiary?.required ? f.beneficiary.variants[0].beneficiaryType : "");
    setErrors({});
    setState({ status: "idle" });
  }

  const fieldId = (path: string) => `${uid}-${path.replace(/\./g, "-")}`;
  const allFields = [...form.fields, ...(benVariant?.fields ?? [])];

  /** An error on a whole object (e.g. the address) belongs to its first field. */
  function fieldKeyOf(field: string): string {
    const path = field.replace(/^accountInfo\./, "");
    if (field === "currency" || allFields.some((f) => f.path === path)) return field;
    const first = allFields.find((f) => f.path.startsWith(`${path}.`));
    return first ? `accountInfo.${first.path}` : field;
  }

  function setFieldError(f: FormField, message: string) {
    const key = `accountInfo.${f.path}`;
    setErrors((prev) => {
      const next = { ...prev };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  }

  // As people type, a field already marked wrong is re-checked; a field is first checked when left.
  function change(f: FormField, value: string) {
    setValues((prev) => ({ ...prev, [f.path]: value }));
    if (errors[`accountInfo.${f.path}`]) setFieldError(f, checkField(f, value));
  }

  function touch(f: FormField, value: string) {
    if (value.trim() || errors[`accountInfo.${f.path}`]) setFieldError(f, checkField(f, value));
  }

  function input(f: FormField) {
    const id = fieldId(f.path);
    const key = `accountInfo.${f.path}`;
    const err = errors[key];
    const describedBy = [f.hint ? `${id}-hint` : "", err ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
    const common = {
      id,
      name: key,
      value: values[f.path] ?? "",
      "aria-invalid": err ? true : undefined,
      "aria-required": f.required || undefined,
      "aria-describedby": describedBy,
    } as const;
    return (
      <div key={f.path} className="field">
        <label htmlFor={id}>
          {f.label}
          {f.required ? "" : " (optional)"}
        </label>
        {f.options ? (
          <select {...common} onChange={(e) => change(f, e.target.value)} onBlur={(e) => touch(f, e.target.value)}>
            <option value="">{f.required ? "Choose…" : "—"}</option>
            {f.options.map((o) => (
              <option key={o} value={o}>
                {typeWord(o)}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            autoComplete="off"
            onChange={(e) => change(f, e.target.value)}
            onBlur={(e) => touch(f, e.target.value)}
          />
        )}
        {f.hint ? (
          <span id={`${id}-hint`} className="hint-inline">
            {f.hint}
          </span>
        ) : null}
        {err ? (
          <span id={`${id}-error`} className="field-error">
            {err}
          </span>
        ) : null}
      </div>
    );
  }

  // Required fields first; the optional ones folded away until wanted (opened when one of them is wrong).
  function fold(fields: FormField[]) {
    const optional = fields.filter((f) => !f.required);
    const wrong = optional.some((f) => errors[`accountInfo.${f.path}`]);
    return (
      <>
        {fields.filter((f) => f.required).map(input)}
        {optional.length ? (
          <details className="optional-fields" open={wrong || undefined}>
            <summary>
              {optional.length} optional {optional.length === 1 ? "detail" : "details"}
            </summary>
            {optional.map(input)}
          </details>
        ) : null}
      </>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const local: Record<string, string> = {};
      for (const f of allFields) {
        const problem = checkField(f, values[f.path] ?? "");
        if (problem) local[`accountInfo.${f.path}`] = problem;
      }
      const n = Object.keys(local).length;
      if (n) {
        setErrors(local);
        return { ok: false, message: `Check the ${n === 1 ? "field" : `${n} fields`} listed above and try again.` };
      }
      const accountInfo: Record<string, unknown> = { accountType };
      const allowed = new Set([...form.fields, ...(benVariant?.fields ?? [])].map((f) => f.path));
      for (const [path, v] of Object.entries(values))
        if (allowed.has(path) && v.trim() !== "") setPath(accountInfo, path, v.trim());
      if (benVariant) setPath(accountInfo, "beneficiary.beneficiaryType", benVariant.beneficiaryType);
      const r = await bff("POST", "/api/wallet/external-accounts", { currency, accountInfo });
      if (!r.ok) {
        const list = ((r.details as { errors?: FieldError[] } | undefined)?.errors ?? []).filter(
          (x) => typeof x.field === "string",
        );
        const byField: Record<string, string> = {};
        for (const x of list) {
          const key = fieldKeyOf(x.field);
          byField[key] = byField[key] ? `${byField[key]} ${x.message}` : x.message;
        }
        setErrors(byField);
        const n = Object.keys(byField).length;
        if (n) {
          return { ok: false, message: `Check the ${n === 1 ? "field" : `${n} fields`} listed above and try again.` };
        }
        return r;
      }
      setErrors({});
      setValues({});
      router.refresh();
      return "External account added.";
    });
  };

  const labelOf = (field: string) => {
    const path = field.replace(/^accountInfo\./, "");
    return (
      [...form.fields, ...(benVariant?.fields ?? [])].find((f) => f.path === path)?.label ??
      (field === "currency" ? "Currency" : field)
    );
  };

  return (
    <form onSubmit={submit} className="card form" aria-labelledby={`${uid}-title`} noValidate>
      <h2 id={`${uid}-title`}>Add an external account</h2>
      <div className="field">
        <label htmlFor={`${uid}-type`}>Account type</label>
        <select id={`${uid}-type`} value={accountType} onChange={(e) => chooseType(e.target.value)}>
          {forms.map((f) => (
            <option key={f.accountType} value={f.accountType}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-currency`}>Currency</label>
        <select
          id={`${uid}-currency`}
          value={currency}
          disabled={form.currencies.length === 1}
          aria-invalid={errors.currency ? true : undefined}
          aria-describedby={errors.currency ? `${uid}-currency-error` : undefined}
          onChange={(e) => setCurrency(e.target.value)}
        >
          {form.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {errors.currency ? (
          <span id={`${uid}-currency-error`} className="field-error">
            {errors.currency}
          </span>
        ) : null}
      </div>
      <fieldset>
        <legend>Account details</legend>
        {fold(form.fields)}
      </fieldset>
      {form.beneficiary ? (
        <fieldset>
          <legend>Account holder{form.beneficiary.required ? "" : " (optional)"}</legend>
          <div className="field">
            <label htmlFor={`${uid}-beneficiary-type`}>Holder type</label>
            <select
              id={`${uid}-beneficiary-type`}
              value={beneficiaryType}
              onChange={(e) => setBeneficiaryType(e.target.value)}
            >
              {form.beneficiary.required ? null : <option value="">No holder details</option>}
              {form.beneficiary.variants.map((v) => (
                <option key={v.beneficiaryType} value={v.beneficiaryType}>
                  {v.beneficiaryType === "INDIVIDUAL" ? "A person" : "A business"}
                </option>
              ))}
            </select>
          </div>
          {benVariant ? fold(benVariant.fields) : null}
        </fieldset>
      ) : null}
      {errorFields.length ? (
        <div
          id={`${uid}-summary`}
          tabIndex={-1}
          className="alert alert-error"
          aria-labelledby={`${uid}-summary-title`}
          role="group"
        >
          <p id={`${uid}-summary-title`}>Fix these fields:</p>
          <ul>
            {errorFields.map((f) => (
              <li key={f}>
                <a href={`#${f === "currency" ? `${uid}-currency` : fieldId(f.replace(/^accountInfo\./, ""))}`}>
                  {labelOf(f)}: {errors[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Adding…" : "Add account"}
        </button>
      </div>
      <Status state={state} pendingText="Adding the account…" />
    </form>
  );
}
