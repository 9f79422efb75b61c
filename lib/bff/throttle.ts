// The web app's throttle of sign-in code requests: at most SIGNIN_CODE_LIMIT
// per credential id (real or decoy, so both answer alike) per window, counted
// in PostgreSQL so every instance shares it.
import "server-only";
import { db } from "../db/client";
import { newUuid } from "../ids";

export const SIGNIN_CODE_LIMIT = 3;
export const SIGNIN_CODE_WINDOW_MS = 5 * 60_000;

/** Records one code request under `key`, or says how many seconds until the next is allowed. */
export async function takeSigninCodeSlot(key: string, now = new Date()): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - SIGNIN_CODE_WINDOW_MS);
  const outcome = await db().$transaction(async (tx) => {
    // Serialises the requests of one key, so concurrent ones cannot all slip under the limit.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`web-signin:${key}`}))::text`;
    const recent = await tx.webSigninAttempt.findMany({ where: { key, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true }, take: SIGNIN_CODE_LIMIT });
    if (recent.length >= SIGNIN_CODE_LIMIT) {
      return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((recent[0].createdAt.getTime() + SIGNIN_CODE_WINDOW_MS - now.getTime()) / 1000)) };
    }
    await tx.webSigninAttempt.create({ data: { id: newUuid(), key, createdAt: now } });
    return { ok: true as const };
  });
  // Old rows would pile up; about one request in a hundred sweeps those past the window.
  if (Math.random() < 0.01) await db().webSigninAttempt.deleteMany({ where: { createdAt: { lt: since } } });
  return outcome;
}
