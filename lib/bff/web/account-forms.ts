// The external-account form, derived from the API's own zod schema
// (AccountInfoCreate in lib/domain/external-accounts/schemas.ts) through its
// JSON Schema: one entry per accountType with its fields, which are required,
// their length and pattern, enum choices, and the beneficiary variants. The
// rules live in the schema; this file only turns them into form fields and
// human labels. Built on the server, passed to the browser as plain data.
import "server-only";
import { z } from "zod";
import { AccountInfoCreate, LEGACY_ACCOUNT_INFO_FIELDS } from "../../domain/external-accounts/schemas";
import { variantCurrency } from "../../domain/external-accounts/account-types";
import { CURRENCIES } from "../../domain/currencies";

export interface FormField {
  /** Dot path inside accountInfo, e.g. "beneficiary.address.postalCode". */
  path: string;
  label: string;
  required: boolean;
  options?: string[];
  hint?: string;
  /** The schema's own checks, so the browser can check as people type (the API checks again). */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface BeneficiaryForm {
  beneficiaryType: string;
  fields: FormField[];
}

export interface AccountTypeForm {
  accountType: string;
  label: string;
  /** The currency this variant carries, or the currencies to choose from. */
  currencies: string[];
  fields: FormField[];
  /** null: the variant takes no beneficiary. */
  beneficiary: { required: boolean; variants: BeneficiaryForm[] } | null;
}

interface JsonSchema {
  type?: string;
  const?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const WORDS: Record<string, string> = {
  iban: "IBAN",
  swiftCode: "SWIFT/BIC code",
  clabeNumber: "CLABE number",
  vpa: "UPI ID (VPA)",
  ifsc: "IFSC",
  pixKey: "Pix key",
  pixKeyType: "Pix key type",
  taxId: "Tax ID",
  fiToFiInformation: "Bank-to-bank information",
  line1: "Address line 1",
  line2: "Address line 2",
  vaspName: "Wallet provider (VASP) name",
  bolt12: "BOLT12 offer",
  invoice: "Lightning invoice",
  lightningAddress: "Lightning address",
  country: "Country code",
  countryOfResidence: "Country of residence (code)",
  nationality: "Nationality (country code)",
  birthDate: "Date of birth",
};

function label(name: string): string {
  if (WORDS[name]) return WORDS[name];
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function hintOf(s: JsonSchema): string | undefined {
  const parts: string[] = [];
  if (s.minLength !== undefined && s.minLength === s.maxLength && s.minLength > 1)
    parts.push(`exactly ${s.minLength} characters`);
  else if (s.minLength !== undefined && s.minLength > 1 && s.maxLength !== undefined)
    parts.push(`${s.minLength}–${s.maxLength} characters`);
  else if (s.maxLength !== undefined && s.maxLength < 100) parts.push(`up to ${s.maxLength} characters`);
  if (s.pattern === "^[A-Z]{2}$") parts.push("two letters, e.g. US");
  else if (s.pattern?.startsWith("^\\+")) parts.push("international format starting with +");
  else if (s.pattern && /^\^\[0-9\]\{[\d,]+\}\$$/.test(s.pattern)) parts.push("digits only");
  if (s.pattern === "^\\d{4}-\\d{2}-\\d{2}$") parts.push("YYYY-MM-DD");
  return parts.length ? parts.join("; ") : undefined;
}

/** Leaf fields of an object schema, nested objects flattened into dot paths. */
function fieldsOf(s: JsonSchema, prefix: string, parentRequired: boolean, skip: string[] = []): FormField[] {
  const out: FormField[] = [];
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if (skip.includes(name) || prop.const !== undefined) continue;
    const required = parentRequired && (s.required ?? []).includes(name);
    const path = prefix ? `${prefix}.${name}` : name;
    if (prop.type === "object" && prop.properties) {
      out.push(...fieldsOf(prop, path, required));
      continue;
    }
    out.push({
      path,
      label: label(name),
      required,
      ...(prop.enum ? { options: prop.enum } : {}),
      ...(hintOf(prop) ? { hint: hintOf(prop) } : {}),
      ...(prop.minLength !== undefined ? { minLength: prop.minLength } : {}),
      ...(prop.maxLength !== undefined ? { maxLength: prop.maxLength } : {}),
      ...(prop.pattern ? { pattern: prop.pattern } : {}),
    });
  }
  return out;
}

function currenciesFor(accountType: string): string[] {
  const fixed = variantCurrency(accountType);
  if (fixed) return [fixed];
  const all = Object.values(CURRENCIES);
  if (accountType === "SWIFT_ACCOUNT") return all.filter((c) => c.kind === "FIAT").map((c) => c.code);
  if (accountType === "LIGHTNING") return ["BTC"];
  return all.filter((c) => c.kind === "CRYPTO").map((c) => c.code);
}

function typeLabel(accountType: string): string {
  const ccy = variantCurrency(accountType);
  if (ccy) return `${ccy} bank account`;
  if (accountType === "SWIFT_ACCOUNT") return "International bank account (SWIFT)";
  if (accountType === "LIGHTNING") return "Lightning";
  return `${label(accountType.replace(/_WALLET$/, "").toLowerCase())} wallet`;
}

let cache: AccountTypeForm[] | undefined;

export function accountTypeForms(): AccountTypeForm[] {
  cache ??= (AccountInfoCreate.options as unknown as z.ZodType[]).map((variant) => {
    const s = z.toJSONSchema(variant, { unrepresentable: "any", io: "input" }) as JsonSchema;
    const accountType = s.properties!.accountType.const!;
    const ben = s.properties?.beneficiary;
    const branches = ben?.oneOf ?? ben?.anyOf;
    return {
      accountType,
      label: typeLabel(accountType),
      currencies: currenciesFor(accountType),
      // paymentRails is optional (absent = every rail of the variant) and is a list: not a form field
      fields: fieldsOf(s, "", true, ["beneficiary", "paymentRails", ...LEGACY_ACCOUNT_INFO_FIELDS]),
      beneficiary: branches
        ? {
            required: (s.required ?? []).includes("beneficiary"),
            variants: branches.map((b) => ({
              beneficiaryType: b.properties!.beneficiaryType.const!,
              fields: fieldsOf(b, "beneficiary", true),
            })),
          }
        : null,
    };
  });
  return cache;
}
