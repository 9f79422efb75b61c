// Used sign-in tickets (table web_signin_tickets): a ticket's jti is recorded in
// the same statement that checks it was not recorded before, so it works once.
import "server-only";
import { db } from "../../db/client";

/** Records the ticket as used; false when it already was (a replay). */
export async function consumeTicket(jti: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db().$executeRaw`
    INSERT INTO web_signin_tickets (jti, expires_at) VALUES (${jti}::uuid, ${expiresAt}) ON CONFLICT (jti) DO NOTHING`;
  if (Math.random() < 0.01)
    await db().webSigninTicket.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 60_000) } } });
  return inserted === 1;
}
