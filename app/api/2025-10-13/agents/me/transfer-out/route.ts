// POST /agents/me/transfer-out – agent transfer out under its policy
import { routeHandlers } from "@/lib/api/next";
import { agentCreateTransferOut } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentCreateTransferOut);
