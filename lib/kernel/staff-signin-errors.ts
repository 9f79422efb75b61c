// Error names next-auth carries from authorize() (server) to the sign-in forms (browser), so both sides share them.

/** Too many failed staff sign-ins for this email or from this address in the throttle window. */
export const STAFF_SIGNIN_RATE_LIMITED = "RATE_LIMITED";
