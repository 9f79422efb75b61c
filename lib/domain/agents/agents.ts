// Agents: created by the platform for one of its customers, under a policy.
import "server-only";
import { queryRows, type Db } from "../../db/client";
import type { Agent, PrismaClient } from "../../db/generated/client";
import { toJsonText } from "../../kernel/json";
import { DomainError, invalidInput, notFound } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import { AgentPolicy, mergePolicy, type AgentPolicyUpdate } from "./policy";
import { periodKeys, readUsage, usageOf, type AgentUsageAnswer } from "./usage";
import { issueDeviceCode, newDeviceCode } from "./device-codes";

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
  return agentAnswer(row, await readUsage(db, row.id, at));
}

function agentAnswer(row: Agent, usage: AgentUsageAnswer) {
  return {
    id: toApiId("Agent", row.id),
    name: row.name,
    customerId: toApiId("Customer", row.customerId),
    isPaused: row.isPaused,
    isConnected: row.accessTokenHash !== null,
    policy: policyOf(row),
    usage,
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
/** The internal accounts a policy's restrictions name, each with its field in the request body. */
function namedAccounts(restrictions: AgentPolicy["accountRestrictions"], prefix: string) {
  return [
    ...(restrictions?.allowedAccountIds ?? []).map((id, i) => ({ id, field: `${prefix}.allowedAccountIds[${i}]` })),
    ...(restrictions?.accountRules ?? []).map((r, i) => ({
      id: r.accountId,
      field: `${prefix}.accountRules[${i}].accountId`,
    })),
  ];
}

async function assertPolicyAccounts(
  db: Db,
  platformId: string,
  customerId: string,
  restrictions: AgentPolicy["accountRestrictions"],
  prefix: string,
) {
  const named = namedAccounts(restrictions, prefix);
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

/** The columns of an agents row as Prisma's Agent. */
const AGENT_COLUMNS = `id, platform_id AS "platformId", customer_id AS "customerId", name, is_paused AS "isPaused",
  policy, access_token_hash AS "accessTokenHash", connected_at AS "connectedAt", deleted_at AS "deletedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * The agent and its first device code in one statement, made only for an active customer of the platform. A new
 * agent has no earlier codes to invalidate and nothing spent. The customer is found by its primary key alone
 * (`OFFSET 0`): with the platform and deleted_at beside it, the generic plan walked the partial UMA-address index
 * over all the platform's customers (bench:api, 51 entries a scan).
 */
const CREATE_SQL = `WITH holder AS (
    SELECT id FROM (SELECT id, platform_id, deleted_at FROM customers WHERE id = $2::uuid OFFSET 0) c
     WHERE c.platform_id = $1::uuid AND c.deleted_at IS NULL
  ), agent AS (
    INSERT INTO agents (id, platform_id, customer_id, name, policy)
    SELECT $3::uuid, $1::uuid, holder.id, $4, $5::jsonb FROM holder
    RETURNING ${AGENT_COLUMNS}
  ), code AS (
    INSERT INTO agent_device_codes (id, platform_id, agent_id, code_hash, expires_at)
    SELECT $6::uuid, $1::uuid, agent.id, $7, $8::timestamptz FROM agent
  )
  SELECT * FROM agent`;

/**
 * POST /agents. A policy that names accounts has them checked against the customer's first (400 naming each other
 * one), in a transaction with the creation; otherwise one statement, where no customer means 404 as the check's.
 */
export async function createAgent(
  db: PrismaClient,
  platformId: string,
  input: { name: string; customerId: string; policy: AgentPolicy },
) {
  if (namedAccounts(input.policy.accountRestrictions, "policy.accountRestrictions").length > 0)
    return db.$transaction((tx) => createCheckedAgent(tx, platformId, input));
  const customerUuid = parseApiId("Customer", input.customerId);
  const id = newUuid();
  const now = new Date();
  const code = newDeviceCode(id, now);
  const [row] = customerUuid
    ? await queryRows<Agent>(CREATE_SQL, [
        platformId,
        customerUuid,
        id,
        input.name,
        toJsonText(input.policy),
        code.row.id,
        code.row.codeHash,
        code.row.expiresAt,
      ])
    : [];
  if (!row) throw new DomainError("USER_NOT_FOUND", `Customer ${input.customerId} not found`);
  return { agent: agentAnswer(row, usageOf([], now)), deviceCode: code.answer };
}

async function createCheckedAgent(
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

/**
 * PATCH /agents/{id} in one statement: the update (the agent found by primary key alone, `OFFSET 0`, as in CREATE_SQL)
 * and the usage counters of the day and month ($5, $6) its answer shows.
 */
const UPDATE_SQL = `WITH a AS (
    UPDATE agents SET name = coalesce($3, name), is_paused = coalesce($4::boolean, is_paused), updated_at = now()
     WHERE id = (SELECT id FROM agents WHERE id = $2::uuid OFFSET 0)
       AND platform_id = $1::uuid AND deleted_at IS NULL
    RETURNING ${AGENT_COLUMNS}
  )
  SELECT a.*, (SELECT coalesce(json_agg(json_build_object('periodKey', u.period_key, 'count', u.count,
                                                          'spent', u.spent::text)), '[]'::json)
                 FROM agent_usage u WHERE u.agent_id = a.id AND u.period_key IN ($5, $6)) AS usage
    FROM a`;

export async function updateAgent(platformId: string, agentId: string, input: { name?: string; isPaused?: boolean }) {
  const uuid = parseApiId("Agent", agentId);
  const at = new Date();
  const { day, month } = periodKeys(at);
  const [row] = uuid
    ? await queryRows<Agent & { usage: { periodKey: string; count: number; spent: string }[] }>(UPDATE_SQL, [
        platformId,
        uuid,
        input.name ?? null,
        input.isPaused ?? null,
        day,
        month,
      ])
    : [];
  if (!row) throw notFound(`Agent ${agentId}`);
  const { usage, ...agent } = row;
  return agentAnswer(
    agent,
    usageOf(
      usage.map((u) => ({ ...u, spent: BigInt(u.spent) })),
      at,
    ),
  );
}

/**
 * PATCH /agents/{id}/policy: the merge (lists replace, limits merge, null removes) is made from the policy as it stands
 * under the agent's row lock, so concurrent PATCHes of different parts all apply.
 */
export async function updateAgentPolicy(
  db: PrismaClient,
  platformId: string,
  agentId: string,
  update: AgentPolicyUpdate,
) {
  const uuid = parseApiId("Agent", agentId);
  return db.$transaction(async (tx) => {
    if (uuid) await tx.$queryRaw`SELECT 1 FROM agents WHERE id = ${uuid}::uuid FOR UPDATE`;
    return mergeAgentPolicy(tx, platformId, agentId, update);
  });
}

async function mergeAgentPolicy(db: Db, platformId: string, agentId: string, update: AgentPolicyUpdate) {
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
