// Error names next-auth carries from authorize() to the sign-in forms.

/** Too many failed staff sign-ins for this email or from this address in the throttle window. */
export const STAFF_SIGNIN_RATE_LIMITED = "RATE_LIMITED";
