// Staff roles of the admin section, as data: what each role may do.
export const STAFF_ROLES = ["viewer", "operator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** viewer reads everything in the admin section; operator may also change it. */
export function canOperate(role: StaffRole): boolean {
  return role === "operator";
}
