// Who is calling: a platform (an API token and its permissions) or one of its
// agents (acting for one customer). lib/api/auth.ts establishes it per request.
import type { Permission } from "./permissions";

export interface PlatformPrincipal {
  kind: "platform";
  platformId: string;
  tokenId: string;
  permissions: Permission[];
}

export interface AgentPrincipal {
  kind: "agent";
  platformId: string;
  agentId: string;
  customerId: string;
}

export type Principal = PlatformPrincipal | AgentPrincipal;
