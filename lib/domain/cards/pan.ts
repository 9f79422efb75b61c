// Card numbers and their protection at rest. Numbers are Luhn-valid and carry
// a sandbox prefix of their brand; PAN and CVV are sealed together with
// AES-256-GCM under a key derived for this purpose only, bound to the card id
// (as additional data) so a sealed value copied onto another card won't open.
import "server-only";
import { createCipheriv, createDecipheriv } from "node:crypto";
import { pooledRandomBytes, pooledRandomInt } from "../../kernel/random";
import { fixedKey } from "../../crypto/keys";

export const CARD_BRANDS = ["VISA", "MASTERCARD"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Sandbox issuer prefixes (IIN ranges of each brand) and number lengths. */
const BRAND_NUMBERING: Record<CardBrand, { prefixes: string[]; length: number }> = {
  VISA: { prefixes: ["4"], length: 16 },
  MASTERCARD: { prefixes: ["51", "52", "53", "54", "55", "2221", "2720"], length: 16 },
};

/** The Luhn check digit for `partial` (all digits but the last). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

export function brandOf(pan: string): CardBrand | null {
  if (/^4/.test(pan)) return "VISA";
  const two = Number(pan.slice(0, 2));
  const four = Number(pan.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "MASTERCARD";
  return null;
}

export function generatePan(brand: CardBrand): string {
  const { prefixes, length } = BRAND_NUMBERING[brand];
  let body = prefixes[pooledRandomInt(prefixes.length)];
  while (body.length < length - 1) body += String(pooledRandomInt(10));
  return body + luhnCheckDigit(body);
}

export function generateCvv(): string {
  return String(pooledRandomInt(1000)).padStart(3, "0");
}

export interface CardSecrets {
  pan: string;
  cvv: string;
}

const KEY_LABEL = "card-secrets-aes256gcm-v1";
const VERSION = "v1";

export function sealCardSecrets(cardId: string, secrets: CardSecrets): string {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", fixedKey(KEY_LABEL), iv);
  cipher.setAAD(Buffer.from(cardId));
  const ct = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(
    ".",
  );
}

export function openCardSecrets(cardId: string, sealed: string): CardSecrets {
  const [version, iv, tag, ct] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !ct) throw new Error("Unrecognised sealed card secrets");
  const decipher = createDecipheriv("aes-256-gcm", fixedKey(KEY_LABEL), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(cardId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(plain) as CardSecrets;
}
