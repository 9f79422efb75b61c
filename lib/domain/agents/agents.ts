// Agents: created by the platform for one of its customers, under a policy.
import "server-only";
import type { Db } from "../../db/client";
import type { Agent } from "../../db/generated/client";
import { DomainError, invalidInput, notFound } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import { AgentPolicy, mergePolicy, type AgentPolicyUpdate } from "./policy";
import { readUsage } from "./usage";
import { issueDeviceCode } from "./device-codes";

/** What policyOf validated, per policy object (AgentAuth hands every request of an unchanged policy the same one). */
const validated = new WeakMap<object, AgentPolicy>();

export function policyOf(row: Agent): AgentPolicy {
  const raw = row.policy;
  if (raw === null || typeof raw !== "object") return AgentPolicy.parse(raw);
  let policy = validated.get(raw);
  if (!policy) {
    policy = AgentPolicy.parse(raw);
    validated.set(raw, policy);
  }
  return policy;
}

export async function serializeAgent(db: Db, row: Agent, at = new Date()) {
  return {
    id: toApiId("Agent", row.id),
    name: row.name,
    customerId: toApiId("Customer", row.customerId),
    isPaused: row.isPaused,
    isConnected: row.accessTokenHash !== null,
    policy: policyOf(row),
    usage: await readUsage(db, row.id, at),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findAgent(db: Db, platformId: string, agentId: string): Promise<Agent> {
  const uuid = parseApiId("Agent", agentId);
  const row = uuid ? await db.agent.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!row) throw notFound(`Agent ${agentId}`);
  return row;
}

/**
 * The internal accounts a policy names (allowedAccountIds, accountRules) must be
 * accounts of the agent's customer on this platform: 400 naming each other id.
 * `prefix`: where accountRestrictions sits in the request body.
 */
async function assertPolicyAccounts(
  db: Db,
  platformId: string,
  customerId: string,
  restrictions: AgentPolicy["accountRestrictions"],
  prefix: string,
) {
  const named = [
    ...(restrictions?.allowedAccountIds ?? []).map((id, i) => ({ id, field: `${prefix}.allowedAccountIds[${i}]` })),
    ...(restrictions?.accountRules ?? []).map((r, i) => ({
      id: r.accountId,
      field: `${prefix}.accountRules[${i}].accountId`,
    })),
  ];
  if (named.length === 0) return;
  const uuids = [...new Set(named.map((n) => parseApiId("InternalAccount", n.id)).filter((u): u is string => !!u))];
  const owned = await db.internalAccount.findMany({
    where: { platformId, customerId, id: { in: uuids } },
    select: { id: true },
  });
  const ownedIds = new Set(owned.map((a) => a.id));
  const foreign = named.filter((n) => !ownedIds.has(parseApiId("InternalAccount", n.id) ?? ""));
  if (foreign.length > 0) {
    throw invalidInput(
      foreign.map((n) => ({
        field: n.field,
        constraint: "INVALID",
        message: `${n.id} is not an internal account of the agent's customer`,
      })),
    );
  }
}

export async function createAgent(
  db: Db,
  platformId: string,
  input: { name: string; customerId: string; policy: AgentPolicy },
) {
  const customer = await getCustomerOrThrow(db, platformId, input.customerId);
  await assertPolicyAccounts(
    db,
    platformId,
    customer.id,
    input.policy.accountRestrictions,
    "policy.accountRestrictions",
  );
  const row = await db.agent.create({
    data: { id: newUuid(), platformId, customerId: customer.id, name: input.name, policy: input.policy },
  });
  const deviceCode = await issueDeviceCode(db, row);
  return { agent: await serializeAgent(db, row), deviceCode };
}

export interface AgentListQuery extends PaginationQuery {
  customerId?: string;
  isPaused?: boolean;
  isConnected?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
}

export async function listAgents(db: Db, platformId: string, q: AgentListQuery) {
  let customerId: string | undefined;
  if (q.customerId) {
    customerId = parseApiId("Customer", q.customerId) ?? undefined;
    if (!customerId)
      throw invalidInput([{ field: "customerId", constraint: "FORMAT", message: "Expected Customer:<uuid>" }]);
  }
  const range = (after?: string, before?: string) =>
    after || before
      ? { ...(after ? { gt: new Date(after) } : {}), ...(before ? { lt: new Date(before) } : {}) }
      : undefined;
  const where = {
    platformId,
    deletedAt: null,
    ...(customerId ? { customerId } : {}),
    ...(q.isPaused !== undefined ? { isPaused: q.isPaused } : {}),
    ...(q.isConnected !== undefined ? { accessTokenHash: q.isConnected ? { not: null } : null } : {}),
    ...(range(q.createdAfter, q.createdBefore) ? { createdAt: range(q.createdAfter, q.createdBefore) } : {}),
    ...(range(q.updatedAfter, q.updatedBefore) ? { updatedAt: range(q.updatedAfter, q.updatedBefore) } : {}),
  };
  const args = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.agent.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.agent.count({ where, ...boundedCount }),
  ]);
  const at = new Date();
  const page = toPage(rows, q, total, (r) => r);
  return { ...page, data: await Promise.all(page.data.map((r) => serializeAgent(db, r, at))) };
}

export async function retrieveAgent(db: Db, platformId: string, agentId: string) {
  return serializeAgent(db, await findAgent(db, platformId, agentId));
}

export async function updateAgent(
  db: Db,
  platformId: string,
  agentId: string,
  input: { name?: string; isPaused?: boolean },
) {
  const row = await findAgent(db, platformId, agentId);
  const updated = await db.agent.update({
    where: { id: row.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.isPaused !== undefined ? { isPaused: input.isPaused } : {}),
    },
  });
  return serializeAgent(db, updated);
}

export async function updateAgentPolicy(db: Db, platformId: string, agentId: string, update: AgentPolicyUpdate) {
  const row = await findAgent(db, platformId, agentId);
  let policy: AgentPolicy;
  try {
    policy = mergePolicy(policyOf(row), update);
  } catch {
    throw new DomainError("INVALID_INPUT", "The merged policy is not valid", {
      errors: [{ field: "policy", constraint: "INVALID", message: "The update leaves the policy invalid" }],
    });
  }
  if (update.accountRestrictions)
    await assertPolicyAccounts(db, platformId, row.customerId, update.accountRestrictions, "accountRestrictions");
  const updated = await db.agent.update({ where: { id: row.id }, data: { policy } });
  return serializeAgent(db, updated);
}

/** Deleting revokes the access token at once; pending actions are rejected by the caller's flow. */
export async function deleteAgent(db: Db, platformId: string, agentId: string) {
  const row = await findAgent(db, platformId, agentId);
  await db.agent.update({ where: { id: row.id }, data: { deletedAt: new Date(), accessTokenHash: null } });
  await db.agentDeviceCode.updateMany({
    where: { agentId: row.id, redeemedAt: null, invalidatedAt: null },
    data: { invalidatedAt: new Date() },
  });
}
