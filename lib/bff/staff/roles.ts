// The admin section's staff roles, as the domain defines them (lib/domain/staff/roles.ts).
export { canOperate, type StaffRole } from "../../domain/staff/roles";
