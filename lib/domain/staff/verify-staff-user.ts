// Staff sign-in: email + password against the scrypt hash. An unknown email
// still costs one scrypt (verifySecret with a null hash), so timing does not
// reveal which emails exist.
import "server-only";
import { db } from "../../db/client";
import { verifySecret } from "../../crypto/secrets";
import { assertNotThrottled, countAttempt, credentialKeys, THROTTLE_RULES } from "../../security/throttle";
import { STAFF_ROLES, type StaffRole } from "./roles";

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * Null when the email and password do not match; throws RATE_LIMITED (before
 * the scrypt) once this email or address has failed too often in the window.
 */
export async function verifyStaffUser(email: string, password: string, address: string): Promise<StaffIdentity | null> {
  const normalised = email.trim().toLowerCase();
  const throttle = credentialKeys(
    {
      pair: THROTTLE_RULES.staffPasswordPerEmailAndAddress,
      identity: THROTTLE_RULES.staffPasswordPerEmail,
      address: THROTTLE_RULES.staffPasswordPerAddress,
    },
    normalised,
    address,
  );
  const [row] = await Promise.all([
    db().staffUser.findUnique({ where: { email: normalised } }),
    assertNotThrottled(throttle),
  ]);
  const ok = await verifySecret(password, row?.passwordHash);
  if (!ok || !row || !(STAFF_ROLES as readonly string[]).includes(row.role)) {
    await countAttempt(throttle);
    return null;
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole };
}
