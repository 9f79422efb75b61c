// POST /agents/me/transfer-in – agent transfer in under its policy
import { routeHandlers } from "@/lib/api/next";
import { agentCreateTransferIn } from "@/lib/domain/agents/action-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentCreateTransferIn);
