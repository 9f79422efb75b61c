// What an authenticated agent may see and manage: always its own customer's
// accounts, filtered by its policy. Another customer's ids answer 404.
import "server-only";
import type { Db } from "../../db/client";
import type { Agent } from "../../db/generated/client";
import { DomainError, notFound } from "../../kernel/errors";
import type { AgentPrincipal, Principal } from "../platform/principal";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { parseApiId, toApiId } from "../../ids";
import { serializeInternalAccount } from "../accounts/internal-accounts";
import {
  deleteExternalAccount,
  findExternalAccount,
  listExternalAccounts,
  serializeExternalAccount,
} from "../external-accounts/external-accounts";
import { allowedAccounts, checkPermission, type AgentPermission } from "./policy";
import { policyOf } from "./agents";

/** The agent rows AgentAuth read for its principals: the request's own handler needs no second read. */
const authenticated = new WeakMap<object, Agent>();

/** The principal of an agent AgentAuth has just read (and found neither deleted nor paused). */
export function agentPrincipal(agent: Agent): AgentPrincipal {
  const principal: AgentPrincipal = {
    kind: "agent",
    platformId: agent.platformId,
    agentId: agent.id,
    customerId: agent.customerId,
  };
  authenticated.set(principal, agent);
  return principal;
}

/**
 * The calling agent (AgentAuth has already refused paused and deleted agents): the row it read for this request's
 * principal, else read again.
 */
export async function currentAgent(
  db: Db,
  ctx: { principal: Principal | null },
  ...permissions: AgentPermission[]
): Promise<Agent> {
  const p = ctx.principal;
  if (!p || p.kind !== "agent") throw new DomainError("UNAUTHORIZED", "This operation requires agent credentials");
  const agent =
    authenticated.get(p) ??
    (await db.agent.findFirst({ where: { id: p.agentId, platformId: p.platformId, deletedAt: null } }));
  if (!agent) throw new DomainError("UNAUTHORIZED", "Invalid or revoked agent access token");
  if (permissions.length > 0) {
    const policy = policyOf(agent);
    // Any one of the listed permissions suffices (e.g. viewing external accounts).
    if (!permissions.some((perm) => policy.permissions.includes(perm))) checkPermission(policy, permissions[0]);
  }
  return agent;
}

export async function listAgentInternalAccounts(
  db: Db,
  agent: Agent,
  q: PaginationQuery & { currency?: string; type?: string },
) {
  const allowed = allowedAccounts(policyOf(agent));
  const where = {
    platformId: agent.platformId,
    customerId: agent.customerId,
    ...(q.currency ? { currency: q.currency } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(allowed
      ? { id: { in: allowed.map((id) => parseApiId("InternalAccount", id)).filter((x): x is string => x !== null) } }
      : {}),
  };
  const args = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.internalAccount.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.internalAccount.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, serializeInternalAccount);
}

export async function listAgentExternalAccounts(db: Db, agent: Agent, q: PaginationQuery & { currency?: string }) {
  return listExternalAccounts(db, agent.platformId, "customer", {
    ...q,
    customerId: toApiId("Customer", agent.customerId),
  });
}

export async function findAgentExternalAccount(db: Db, agent: Agent, id: string) {
  const row = await findExternalAccount(db, agent.platformId, id, "customer");
  if (row.customerId !== agent.customerId) throw notFound(`External account ${id}`);
  return row;
}

export async function retrieveAgentExternalAccount(db: Db, agent: Agent, id: string) {
  return serializeExternalAccount(await findAgentExternalAccount(db, agent, id));
}

export async function deleteAgentExternalAccount(db: Db, agent: Agent, id: string) {
  await findAgentExternalAccount(db, agent, id);
  await deleteExternalAccount(db, agent.platformId, id, "customer");
}
