"use client";
// The hosted verification flow: shows what is still needed, lets the customer
// fill in details, add beneficial owners (businesses), upload documents and
// submit. Talks only to /api/kyc/{token}/... .
import { StatusBadge } from "@/components/ui/StatusBadge";
import { errorWords, fieldWords, requirementWords, typeWord } from "@/lib/kernel/wording";
import type { FieldError } from "@/lib/kernel/errors";
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";

interface Requirement {
  resourceId: string;
  type: string;
  field?: string;
  acceptedDocumentTypes?: string[];
  reason: string;
}
interface State {
  customerId: string;
  customerType: "INDIVIDUAL" | "BUSINESS";
  status: string;
  completed: boolean;
  hasIdentifier: boolean;
  details: Record<string, unknown>;
  requirements: Requirement[];
  owners: { id: string; name: string; kycStatus: string }[];
  documents: { id: string; holder: string; documentType: string; side: string | null; fileName: string }[];
  redirectUri: string | null;
}
interface ApiErrorBody {
  code: string;
  reason: string;
  details?: { errors?: FieldError[] };
}

// The API's idType values (tax identifiers); passports and the like are uploaded as documents below.
const ID_TYPES = ["SSN", "ITIN", "EIN", "NON_US_TAX_ID"];
const DOCUMENT_TYPES = [
  "PASSPORT",
  "DRIVERS_LICENSE",
  "NATIONAL_ID",
  "PROOF_OF_ADDRESS",
  "UTILITY_BILL",
  "BANK_STATEMENT",
  "CERTIFICATE_OF_INCORPORATION",
  "ARTICLES_OF_INCORPORATION",
  "ARTICLES_OF_ASSOCIATION",
  "STATE_REGISTRY_EXCERPT",
  "SHAREHOLDER_REGISTER",
  "DIRECTOR_REGISTRY",
  "OTHER",
];

function describeError(body: ApiErrorBody | undefined): string {
  if (!body) return "Something went wrong. Please try again.";
  // In the customer's words: the API's reason and zod's messages are written for developers.
  const fields =
    body.details?.errors?.map(
      (e) =>
        `${e.field
          .split(".")
          .pop()
          ?.replace(/([A-Z])/g, " $1")
          .toLowerCase()}: ${fieldWords(e)}`,
    ) ?? [];
  const words = errorWords(body.code) ?? "That did not work. Check the details and try again.";
  return fields.length ? `${words} (${fields.join(" ")})` : words;
}

function formObject(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (typeof value !== "string" || value.trim() === "") continue;
    const path = key.split(".");
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] =
      key === "ownershipPercentage" ? Number(value) : key === "roles" ? [value] : value.trim();
  }
  return out;
}

function Field({
  name,
  label,
  defaultValue,
  type = "text",
  required,
}: {
  name: string;
  label: string;
  defaultValue?: unknown;
  type?: string;
  required?: boolean;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <br />
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        defaultValue={typeof defaultValue === "string" || typeof defaultValue === "number" ? String(defaultValue) : ""}
      />
    </p>
  );
}

function Select({
  name,
  label,
  options,
  defaultValue,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <br />
      <select id={id} name={name} defaultValue={defaultValue}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </p>
  );
}

function AddressFields({ prefix, value }: { prefix: string; value?: Record<string, unknown> }) {
  return (
    <fieldset>
      <legend>Address</legend>
      <Field name={`${prefix}.line1`} label="Street address" defaultValue={value?.line1} />
      <Field name={`${prefix}.line2`} label="Address line 2 (optional)" defaultValue={value?.line2} />
      <Field name={`${prefix}.city`} label="City" defaultValue={value?.city} />
      <Field name={`${prefix}.state`} label="State or region" defaultValue={value?.state} />
      <Field name={`${prefix}.postalCode`} label="Postal code" defaultValue={value?.postalCode} />
      <Field name={`${prefix}.country`} label="Country (2-letter code, e.g. US)" defaultValue={value?.country} />
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `s-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function KycFlow({ token }: { token: string }) {
  const base = `/api/kyc/${encodeURIComponent(token)}`;
  const [state, setState] = useState<State | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string>("Loading…");
  const [busy, setBusy] = useState(false);

  const call = useCallback(
    async (path: string, init?: RequestInit): Promise<unknown> => {
      setBusy(true);
      setError(null);
      try {
        const res = await fetch(`${base}${path}`, { ...init, cache: "no-store" });
        const body = await res.json().catch(() => undefined);
        if (!res.ok) {
          setError(describeError(body as ApiErrorBody | undefined));
          return undefined;
        }
        return body;
      } finally {
        setBusy(false);
      }
    },
    [base],
  );

  useEffect(() => {
    void call("").then((body) => {
      if (body) {
        setState(body as State);
        setMessage("");
      } else setMessage("");
    });
  }, [call]);

  async function postJson(path: string, event: FormEvent<HTMLFormElement>, done: string) {
    event.preventDefault();
    const body = await call(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(formObject(event.currentTarget)),
    });
    if (body) {
      setState(body as State);
      setMessage(done);
    }
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = await call("/documents", { method: "POST", body: new FormData(form) });
    if (body) {
      setState(body as State);
      setMessage("Document uploaded.");
      form.reset();
    }
  }

  async function submit() {
    const body = (await call("/submit", { method: "POST" })) as
      { verification: { verificationStatus: string }; state: State } | undefined;
    if (!body) return;
    setState(body.state);
    const s = body.verification.verificationStatus;
    setMessage(
      s === "RESOLVE_ERRORS"
        ? "Some information is still missing or needs attention; see the list below."
        : s === "APPROVED"
          ? "Thank you. Your verification is approved."
          : s === "REJECTED"
            ? "Thank you. Your verification could not be approved."
            : "Thank you. Your information is under review.",
    );
  }

  const isBusiness = state?.customerType === "BUSINESS";
  const details = state?.details ?? {};
  const businessInfo = (details.businessInfo ?? {}) as Record<string, unknown>;
  const holders = state
    ? [
        { value: state.customerId, label: isBusiness ? "The business" : "Me" },
        ...state.owners.map((o) => ({ value: o.id, label: o.name })),
      ]
    : [];

  return (
    <>
      <h1>{isBusiness ? "Verify your business" : "Verify your identity"}</h1>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && <p role="alert">{error}</p>}
      {state && state.completed && (
        <Section title="Submitted">
          <p>
            Your verification has been submitted: <StatusBadge status={state.status} />. You can close this page.
          </p>
          {state.redirectUri && (
            <p>
              <a href={state.redirectUri}>Continue</a>
            </p>
          )}
        </Section>
      )}
      {state && !state.completed && (
        <>
          <Section title="Still needed">
            {state.requirements.length === 0 ? (
              <p>Nothing is missing. You can submit now.</p>
            ) : (
              <ul>
                {state.requirements.map((r, i) => (
                  <li key={i}>{requirementWords(r)}</li>
                ))}
              </ul>
            )}
          </Section>

          <Section title={isBusiness ? "Business details" : "Your details"}>
            <form
              aria-label={isBusiness ? "Business details" : "Your details"}
              onSubmit={(e) => postJson("/details", e, "Details saved.")}
            >
              {isBusiness ? (
                <>
                  <Field name="businessInfo.legalName" label="Legal name" defaultValue={businessInfo.legalName} />
                  <Field
                    name="businessInfo.registrationNumber"
                    label="Registration number"
                    defaultValue={businessInfo.registrationNumber}
                  />
                  <Field name="businessInfo.taxId" label="Tax id" defaultValue={businessInfo.taxId} />
                  <Field
                    name="businessInfo.country"
                    label="Country of incorporation (2-letter code)"
                    defaultValue={businessInfo.country}
                  />
                  <Field
                    name="businessInfo.incorporatedOn"
                    label="Date of incorporation"
                    type="date"
                    defaultValue={businessInfo.incorporatedOn}
                  />
                </>
              ) : (
                <>
                  <Field name="fullName" label="Full name" defaultValue={details.fullName} />
                  <Field name="birthDate" label="Date of birth" type="date" defaultValue={details.birthDate} />
                  <Field
                    name="nationality"
                    label="Nationality (2-letter code, e.g. US)"
                    defaultValue={details.nationality}
                  />
                  <Select
                    name="idType"
                    label="Identification type"
                    options={ID_TYPES.map((t) => ({ value: t, label: typeWord(t) }))}
                    defaultValue={(details.idType as string) ?? "SSN"}
                  />
                  <Field
                    name="identifier"
                    label={
                      state.hasIdentifier ? "Identification number (saved; enter to change)" : "Identification number"
                    }
                  />
                </>
              )}
              <AddressFields prefix="address" value={details.address as Record<string, unknown> | undefined} />
              <button type="submit" disabled={busy}>
                Save details
              </button>
            </form>
          </Section>

          {isBusiness && (
            <Section title="Beneficial owners">
              {state.owners.length > 0 && (
                <ul>
                  {state.owners.map((o) => (
                    <li key={o.id}>{o.name}</li>
                  ))}
                </ul>
              )}
              <form aria-label="Add a beneficial owner" onSubmit={(e) => postJson("/owners", e, "Owner added.")}>
                <Field name="personalInfo.firstName" label="First name" required />
                <Field name="personalInfo.lastName" label="Last name" required />
                <Field name="personalInfo.birthDate" label="Date of birth" type="date" required />
                <Field name="personalInfo.nationality" label="Nationality (2-letter code)" required />
                <Select
                  name="personalInfo.idType"
                  label="Identification type"
                  options={ID_TYPES.map((t) => ({ value: t, label: typeWord(t) }))}
                />
                <Field name="personalInfo.identifier" label="Identification number" required />
                <AddressFields prefix="personalInfo.address" />
                <Select
                  name="roles"
                  label="Role"
                  options={["UBO", "DIRECTOR", "COMPANY_OFFICER", "CONTROL_PERSON", "TRUSTEE", "GENERAL_PARTNER"].map(
                    (r) => ({ value: r, label: typeWord(r) }),
                  )}
                />
                <Field name="ownershipPercentage" label="Ownership percentage" type="number" required />
                <button type="submit" disabled={busy}>
                  Add owner
                </button>
              </form>
            </Section>
          )}

          <Section title="Documents">
            {state.documents.length > 0 && (
              <ul>
                {state.documents.map((d) => (
                  <li key={d.id}>
                    {typeWord(d.documentType)}
                    {d.side ? ` (${d.side})` : ""}: {d.fileName}
                  </li>
                ))}
              </ul>
            )}
            <form aria-label="Upload a document" onSubmit={upload}>
              <Select name="documentHolder" label="Whose document" options={holders} />
              <Select
                name="documentType"
                label="Document type"
                options={DOCUMENT_TYPES.map((t) => ({ value: t, label: typeWord(t) }))}
              />
              <Field name="country" label="Issuing country (2-letter code)" required />
              <p>
                <label htmlFor="f-file">File (JPEG, PNG or PDF, up to 10 MB)</label>
                <br />
                <input id="f-file" name="file" type="file" accept="image/jpeg,image/png,application/pdf" required />
              </p>
              <button type="submit" disabled={busy}>
                Upload
              </button>
            </form>
          </Section>

          <Section title="Submit">
            <button type="button" onClick={submit} disabled={busy}>
              Submit for verification
            </button>
          </Section>
        </>
      )}
    </>
  );
}
