// Device-code installation. A code is short enough to type (XXXX-XXXX from a
// 31-letter alphabet without look-alikes, about 40 bits), expires after
// DEVICE_CODE_TTL_MS (scaled by sandbox time, so tests can watch one expire)
// and is redeemed once, atomically, for the agent's access
// token. Codes are stored as an HMAC under a derived key and tokens as a
// SHA-256, so the database alone reveals neither.
import "server-only";
import { createHmac, randomInt } from "node:crypto";
import type { Db } from "../../db/client";
import type { Agent, PrismaClient } from "../../db/generated/client";
import { DomainError, notFound } from "../../kernel/errors";
import { deriveKey } from "../../crypto/keys";
import { randomToken, sha256Hex } from "../../crypto/secrets";
import { newUuid, toApiId } from "../../ids";
import { sandboxDelayMs } from "../../sandbox/time";
import { AgentPolicy } from "./policy";
import { assertNotThrottled, countAttempt, THROTTLE_RULES } from "../../security/throttle";

export const DEVICE_CODE_TTL_MS = 30 * 60_000;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ2345679";
export const ACCESS_TOKEN_PREFIX = "mat_";

export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export function codeHash(code: string): string {
  return createHmac("sha256", deriveKey("agent-device-code-v1")).update(normaliseCode(code)).digest("hex");
}

export function accessTokenHash(token: string): string {
  return sha256Hex(token);
}

function newCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** A new code for an agent: what is stored (its row's id, hash and expiry) and what the answer shows. */
export function newDeviceCode(agentId: string, now = new Date()) {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + sandboxDelayMs(DEVICE_CODE_TTL_MS));
  return {
    row: { id: newUuid(), codeHash: codeHash(code), expiresAt },
    answer: { code, agentId: toApiId("Agent", agentId), expiresAt: expiresAt.toISOString(), redeemed: false },
  };
}

/** Issues a new code for the agent and invalidates its earlier unredeemed ones. */
export async function issueDeviceCode(db: Db, agent: Agent) {
  const now = new Date();
  await db.agentDeviceCode.updateMany({
    where: { agentId: agent.id, redeemedAt: null, invalidatedAt: null },
    data: { invalidatedAt: now },
  });
  const issued = newDeviceCode(agent.id, now);
  await db.agentDeviceCode.create({ data: { ...issued.row, platformId: agent.platformId, agentId: agent.id } });
  return issued.answer;
}

export async function regenerateDeviceCode(db: PrismaClient, agent: Agent) {
  if (agent.accessTokenHash !== null) {
    throw new DomainError(
      "CONFLICT",
      "The agent is already connected; a new device code can be issued only before installation",
      { isConnected: true },
    );
  }
  return db.$transaction((tx) => issueDeviceCode(tx, agent));
}

export async function deviceCodeStatus(db: Db, platformId: string, code: string) {
  const row = await db.agentDeviceCode.findFirst({ where: { codeHash: codeHash(code), platformId } });
  if (!row) throw notFound("Device code");
  // the reference's AgentDeviceCodeStatusResponse: exactly these two members
  return { code, redeemed: row.redeemedAt !== null };
}

/**
 * Redeems a code for the agent's access token. The conditional update is the
 * single-use guarantee: of two concurrent redemptions exactly one matches.
 */
export async function redeemDeviceCode(db: PrismaClient, code: string, address: string) {
  // A code that could never have been issued is not a guess: refused without spending the budget.
  const normalised = normaliseCode(code);
  if (normalised.length !== 8 || [...normalised].some((c) => !ALPHABET.includes(c))) throw notFound("Device code");
  // Redemption needs no credential, so failures are budgeted per address before any lookup.
  const throttle = [{ rule: THROTTLE_RULES.deviceCodePerAddress, subject: address }];
  await assertNotThrottled(throttle);
  try {
    return await claimDeviceCode(db, code);
  } catch (err) {
    if (err instanceof DomainError) await countAttempt(throttle);
    throw err;
  }
}

async function claimDeviceCode(db: PrismaClient, code: string) {
  const hash = codeHash(code);
  const now = new Date();
  return db.$transaction(async (tx) => {
    const claimed = await tx.agentDeviceCode.updateMany({
      where: { codeHash: hash, redeemedAt: null, invalidatedAt: null, expiresAt: { gt: now } },
      data: { redeemedAt: now },
    });
    const row = await tx.agentDeviceCode.findUnique({ where: { codeHash: hash } });
    if (claimed.count !== 1) {
      if (!row) throw notFound("Device code");
      const state = row.redeemedAt ? "REDEEMED" : row.invalidatedAt ? "INVALIDATED" : "EXPIRED";
      const reason =
        state === "REDEEMED"
          ? "This device code was already redeemed; its access token is not shown again"
          : state === "INVALIDATED"
            ? "This device code was replaced by a newer one"
            : "This device code has expired; ask the platform for a new one";
      throw new DomainError("INVALID_INPUT", reason, {
        deviceCodeStatus: state,
        errors: [{ field: "code", constraint: "INVALID", message: reason }],
      });
    }
    const agent = await tx.agent.findFirst({ where: { id: row!.agentId, deletedAt: null } });
    if (!agent) throw notFound("Device code");
    const accessToken = randomToken(ACCESS_TOKEN_PREFIX, 32);
    await tx.agent.update({
      where: { id: agent.id },
      data: { accessTokenHash: accessTokenHash(accessToken), connectedAt: now },
    });
    return {
      agentId: toApiId("Agent", agent.id),
      agentName: agent.name,
      accessToken,
      policy: AgentPolicy.parse(agent.policy),
    };
  });
}
