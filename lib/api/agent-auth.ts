// AgentAuth: the bearer access token an agent got by redeeming its device
// code. Tokens carry 256 random bits, so a SHA-256 lookup is safe and needs no
// slow hash; a deleted agent has no token hash left, and a paused agent is refused.
//
// The agent is read on every request (nothing about an agent is remembered between requests, so a pause, a
// deletion or a policy change applies to the next request on every instance), with one indexed read on the pool:
// Prisma's query engine cost more CPU than the read itself on this hot path (every agent operation).
import "server-only";
import { queryRows } from "../db/client";
import type { Agent } from "../db/generated/client";
import { ApiError } from "./errors";
import type { AgentPrincipal } from "../domain/platform/principal";
import { accessTokenHash } from "../domain/agents/device-codes";
import { agentPrincipal } from "../domain/agents/me";
import type { ApiRequest } from "./operation";

const AGENT_BY_TOKEN = `SELECT id, platform_id AS "platformId", customer_id AS "customerId", name,
       is_paused AS "isPaused", policy::text AS policy, access_token_hash AS "accessTokenHash",
       connected_at AS "connectedAt", deleted_at AS "deletedAt", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM agents WHERE access_token_hash = $1`;

/**
 * One object per distinct policy text, so policyOf (which remembers what it validated per object) validates an
 * unchanged policy once rather than on every request. Keyed by the whole text: a changed policy is a new key.
 */
const policies = new Map<string, Agent["policy"]>();
const POLICIES_MAX = 1_000;

function policyValue(text: string): Agent["policy"] {
  let value = policies.get(text);
  if (value === undefined) {
    if (policies.size >= POLICIES_MAX) policies.clear();
    value = JSON.parse(text) as Agent["policy"];
    policies.set(text, value);
  }
  return value;
}

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
  const rows = await queryRows<Omit<Agent, "policy"> & { policy: string }>(AGENT_BY_TOKEN, [accessTokenHash(match[1])]);
  const agent = rows[0] ? { ...rows[0], policy: policyValue(rows[0].policy) } : undefined;
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
