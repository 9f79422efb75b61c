// GET|DELETE /agents/me/external-accounts/{externalAccountId} – one external account
import { routeHandlers } from "@/lib/api/next";
import { agentGetExternalAccount, agentDeleteExternalAccount } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentGetExternalAccount, agentDeleteExternalAccount);
