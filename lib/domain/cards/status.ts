// The card status machine of the spec's "Card status" table, as data. Every
// status change (PATCH /cards/{id}, activation) and every rule that depends on
// a status (who may authorize, which cards hold a slot) reads this file.
import type { ErrorCode } from "../../kernel/errors";

export const CARD_STATUSES = ["PROCESSING", "ACTIVE", "FROZEN", "CLOSED"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Statuses a client may request with PATCH /cards/{id}. */
export const REQUESTABLE_STATUSES = ["ACTIVE", "FROZEN", "CLOSED"] as const satisfies readonly CardStatus[];
export type RequestedStatus = (typeof REQUESTABLE_STATUSES)[number];

/** The allowed requested moves: ACTIVE <-> FROZEN, ACTIVE or FROZEN -> CLOSED. */
export const REQUESTED_TRANSITIONS: readonly { from: CardStatus; to: RequestedStatus }[] = [
  { from: "ACTIVE", to: "FROZEN" },
  { from: "FROZEN", to: "ACTIVE" },
  { from: "ACTIVE", to: "CLOSED" },
  { from: "FROZEN", to: "CLOSED" },
];

/** The system-driven moves out of PROCESSING: the issuer finishes provisioning, or rejects it. */
export const ACTIVATION = { from: "PROCESSING", to: "ACTIVE" } as const satisfies { from: CardStatus; to: CardStatus };
export const ISSUER_REJECTION = { from: "PROCESSING", to: "CLOSED", reason: "ISSUER_REJECTED" } as const satisfies {
  from: CardStatus;
  to: CardStatus;
  reason: string;
};

/** Why a card is CLOSED (the reference's stateReason, named statusReason beside the spec's status). */
export const CLOSED_REASONS = ["ISSUER_REJECTED", "CLOSED_BY_PLATFORM"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** Statuses no move leaves (requested or system-driven): the card is over for good. */
export const FINAL_STATUSES: readonly CardStatus[] = CARD_STATUSES.filter(
  (s) => ![...REQUESTED_TRANSITIONS, ACTIVATION, ISSUER_REJECTION].some((t) => t.from === s),
);

export function isFinalCardStatus(status: string): boolean {
  return FINAL_STATUSES.includes(status as CardStatus);
}

/** The statuses a card in `from` may be asked to move to, in table order: the actions a page offers. */
export function requestableMoves(from: CardStatus): RequestedStatus[] {
  return REQUESTED_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

/** Cards in these statuses may authorize; FROZEN and CLOSED decline. */
export const AUTHORIZABLE_STATUSES: readonly CardStatus[] = ["ACTIVE"];

export type MutationDecision = { ok: true; to?: CardStatus } | { ok: false; code: ErrorCode; reason: string };

/**
 * Decides a PATCH on a card in `from`. `to` is the requested status (absent when
 * only other fields change). Rows of the spec's table, in its order of precedence:
 * CLOSED + CLOSED -> CARD_ALREADY_CLOSED; CLOSED + any mutation -> CARD_NOT_MUTABLE;
 * anything outside REQUESTED_TRANSITIONS -> INVALID_STATE_TRANSITION.
 */
export function decideMutation(from: CardStatus, to: CardStatus | undefined): MutationDecision {
  if (isFinalCardStatus(from)) {
    return to === from
      ? { ok: false, code: "CARD_ALREADY_CLOSED", reason: "The card is already CLOSED" }
      : { ok: false, code: "CARD_NOT_MUTABLE", reason: "The card is CLOSED and cannot be changed" };
  }
  if (to === undefined) return { ok: true };
  if (REQUESTED_TRANSITIONS.some((t) => t.from === from && t.to === to)) return { ok: true, to };
  return { ok: false, code: "INVALID_STATE_TRANSITION", reason: `A card cannot move from ${from} to ${to}` };
}
