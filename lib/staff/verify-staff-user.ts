// Staff sign-in: email + password against the scrypt hash. An unknown email
// still costs one scrypt (verifySecret with a null hash), so timing does not
// reveal which emails exist.
import "server-only";
import type { Db } from "../db/client";
import { verifySecret } from "../crypto/secrets";
import { STAFF_ROLES, type StaffRole } from "./roles";

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export async function verifyStaffUser(db: Db, email: string, password: string): Promise<StaffIdentity | null> {
  const row = await db.staffUser.findUnique({ where: { email: email.trim().toLowerCase() } });
  const ok = await verifySecret(password, row?.passwordHash);
  if (!ok || !row || !(STAFF_ROLES as readonly string[]).includes(row.role)) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole };
}
