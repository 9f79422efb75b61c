// AgentAuth: the bearer access token an agent got by redeeming its device
// code. Tokens carry 256 random bits, so a SHA-256 lookup is safe and needs no
// slow hash; a deleted agent has no token hash left, and a paused agent is refused.
import "server-only";
import { db } from "../db/client";
import { ApiError } from "./errors";
import type { AgentPrincipal } from "../domain/platform/principal";
import { accessTokenHash } from "../domain/agents/device-codes";
import { agentPrincipal } from "../domain/agents/me";
import type { ApiRequest } from "./operation";

export async function authenticateAgent(request: ApiRequest): Promise<AgentPrincipal> {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new ApiError(
      "UNAUTHORIZED",
      "Missing agent credentials: send Authorization: Bearer <accessToken>",
      undefined,
      {
        "WWW-Authenticate": 'Bearer realm="meridian-agents"',
      },
    );
  }
  const agent = await db().agent.findUnique({ where: { accessTokenHash: accessTokenHash(match[1]) } });
  if (!agent || agent.deletedAt) {
    throw new ApiError("UNAUTHORIZED", "Invalid or revoked agent access token", undefined, {
      "WWW-Authenticate": 'Bearer realm="meridian-agents", error="invalid_token"',
    });
  }
  if (agent.isPaused)
    throw new ApiError("FORBIDDEN", "This agent is paused; the platform must resume it first", {
      rule: "AGENT_PAUSED",
    });
  return agentPrincipal(agent);
}
