// The service operator's moves, for the operator routes and the admin section's
// enablement controls (lib/domain/web/operator.ts, lib/domain/staff).
export {
  moveStablecoinEnablement,
  operatorCreatePlatform,
  operatorDropPlatform,
  stablecoinQueue,
} from "../domain/web/operator";
export { createStaffUser, StaffUserCreate } from "../domain/staff/create-staff-user";
