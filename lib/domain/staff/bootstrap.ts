// The first operator of an installation, from MERIDIAN_ADMIN_EMAIL and
// MERIDIAN_ADMIN_PASSWORD: created once if that email has no account, never
// overwritten, so a password changed later is not reset by a restart.
import "server-only";
import { db, isUniqueViolation } from "../../db/client";
import { createStaffUser } from "./create-staff-user";

let done: Promise<void> | null = null;

export function ensureBootstrapOperator(): Promise<void> {
  done ??= (async () => {
    const email = process.env.MERIDIAN_ADMIN_EMAIL?.trim().toLowerCase();
    const password = process.env.MERIDIAN_ADMIN_PASSWORD;
    if (!email || !password) return;
    if (await db().staffUser.findUnique({ where: { email }, select: { id: true } })) return;
    try {
      await createStaffUser({ email, name: "Bootstrap operator", role: "operator", password });
    } catch (err) {
      if (!isUniqueViolation(err) && !(err instanceof Error && /already exists/.test(err.message))) throw err;
    }
  })().catch((err) => {
    done = null;
    throw err;
  });
  return done;
}
