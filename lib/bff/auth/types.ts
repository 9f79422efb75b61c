// Who a web session belongs to (the shape kept in the next-auth JWT).
import type { StaffRole } from "../staff/roles";

export type WebIdentity =
  | { kind: "staff"; id: string; email: string; name: string; role: StaffRole }
  | {
      kind: "customer";
      id: string;
      customerId: string;
      accountId: string;
      walletSessionId: string;
      walletSessionExpiresAt: string;
    };

export interface WebSession {
  expires: string;
  identity: WebIdentity;
  /** Random per sign-in; the CSRF token is derived from it. */
  sid: string;
}
