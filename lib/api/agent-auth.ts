// AgentAuth (bearer tokens from device-code redemption) belongs to the Agents
// group. Until that group is built, agent-authenticated operations refuse every
// request with 401, which is the correct answer for a token nobody issued.
import "server-only";
import { ApiError } from "./errors";
import type { AgentPrincipal } from "./auth";

export async function authenticateAgent(request: Request): Promise<AgentPrincipal> {
  const header = request.headers.get("authorization");
  if (!header?.toLowerCase().startsWith("bearer ")) {
    throw new ApiError("UNAUTHORIZED", "Missing agent credentials: send Authorization: Bearer <accessToken>", undefined, {
      "WWW-Authenticate": 'Bearer realm="meridian-agents"',
    });
  }
  throw new ApiError("UNAUTHORIZED", "Invalid or revoked agent access token", undefined, {
    "WWW-Authenticate": 'Bearer realm="meridian-agents", error="invalid_token"',
  });
}
