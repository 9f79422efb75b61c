// POST /agents/me/transfer-in – agent transfer in under its policy
import { routeHandlers } from "@/lib/api/next";
import { agentCreateTransferIn } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentCreateTransferIn);
