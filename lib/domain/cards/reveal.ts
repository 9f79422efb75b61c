// PAN reveal. The API hands out a short-lived, single-use URL on the vault
// origin; only the vault route (app/vault/cards/...) opens the sealed secrets,
// and only after atomically consuming a token minted for that very card. The
// token itself is random and stored only as its SHA-256.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { pool } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { newUuid } from "../../ids";
import { sha256Hex } from "../../crypto/secrets";
import { appOrigin, vaultOrigin } from "../../env";
import { openCardSecrets, type CardSecrets } from "./pan";
import { cardUuidOrNotFound } from "./cards";
import { FINAL_STATUSES, isFinalCardStatus } from "./status";

export const REVEAL_TTL_MS = 5 * 60_000;

export function vaultCardPath(cardUuid: string, token: string): string {
  return `/vault/cards/${cardUuid}/${token}`;
}

export async function createReveal(db: PrismaClient, platformId: string, cardId: string, now = new Date()) {
  const uuid = cardUuidOrNotFound(cardId);
  const card = await db.card.findFirst({ where: { id: uuid, platformId }, select: { id: true, status: true } });
  if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
  if (isFinalCardStatus(card.status))
    throw new DomainError("CARD_NOT_MUTABLE", "The card is CLOSED; its details can no longer be revealed");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + REVEAL_TTL_MS);
  await db.cardRevealToken.create({
    data: { id: newUuid(), platformId, cardId: card.id, tokenHash: sha256Hex(token), expiresAt },
  });
  return { panEmbedUrl: `${vaultOrigin()}${vaultCardPath(card.id, token)}`, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /sandbox/clock/advance: the platform's unused reveal links age by the
 * same amount, so their expiry can be tested without waiting REVEAL_TTL_MS.
 */
export async function ageRevealTokens(platformId: string, seconds: number): Promise<number> {
  const res = await pool().query(
    `UPDATE card_reveal_tokens SET expires_at = expires_at - make_interval(secs => $2)
      WHERE platform_id = $1 AND used_at IS NULL AND expires_at > now()`,
    [platformId, seconds],
  );
  return res.rowCount ?? 0;
}

export interface RevealedCard extends CardSecrets {
  brand: string;
  expMonth: number;
  expYear: number;
}

/**
 * Consumes the token for this card in one statement (so two concurrent loads
 * cannot both succeed) and opens the card's secrets. Null for an unknown,
 * used, expired or other card's token, or a closed card.
 */
export async function consumeReveal(cardUuid: string, token: string): Promise<RevealedCard | null> {
  if (!/^[0-9a-f-]{36}$/i.test(cardUuid) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } = await pool().query(
    `WITH t AS (
       UPDATE card_reveal_tokens SET used_at = now()
        WHERE token_hash = $1 AND card_id = $2::uuid AND used_at IS NULL AND expires_at > now()
        RETURNING card_id, platform_id)
     SELECT c.id, c.brand, c.exp_month, c.exp_year, c.secrets_sealed
       FROM cards c JOIN t ON t.card_id = c.id AND t.platform_id = c.platform_id
      WHERE NOT (c.status = ANY ($3::text[]))`,
    [sha256Hex(token), cardUuid, [...FINAL_STATUSES]],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...openCardSecrets(row.id, row.secrets_sealed),
    brand: row.brand,
    expMonth: row.exp_month,
    expYear: row.exp_year,
  };
}

/** Headers of every vault response: framable only by the app origin, never cached, no referrer. */
export function vaultHeaders(): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy":
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${appOrigin()}; ` +
      "base-uri 'none'; form-action 'none'",
    "cache-control": "no-store, max-age=0",
    pragma: "no-cache",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "cross-origin-opener-policy": "same-origin",
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const STYLE = `body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{padding:16px}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}
dt{color:#475569}dd{margin:0;font-family:ui-monospace,monospace;letter-spacing:.05em}`;

export function vaultPage(card: RevealedCard): string {
  const pan = card.pan.replace(/(\d{4})(?=\d)/g, "$1 ");
  const expiry = `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" ` +
    `content="noindex"><title>Card details</title><style>${STYLE}</style></head>
<body><main aria-label="Card details"><dl>
<dt>Card number</dt><dd data-field="pan">${escapeHtml(pan)}</dd>
<dt>Expiry</dt><dd data-field="expiry">${escapeHtml(expiry)}</dd>
<dt>CVV</dt><dd data-field="cvv">${escapeHtml(card.cvv)}</dd>
</dl></main></body></html>`
  );
}

/** The vault while the database is down or restarting (answered 503 with Retry-After): nothing was used up. */
export function vaultBusyPage(): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Try again</title>` +
    `<style>${STYLE}</style></head>\n<body><main><p>Card details cannot be shown right now. ` +
    `The link still works: reload in a moment.</p></main></body></html>`
  );
}

export function vaultGonePage(): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link ` +
    `expired</title><style>${STYLE}</style></head>
<body><main><p>This card details link has expired or was already used. Request a new reveal.</p></main></body></html>`
  );
}
