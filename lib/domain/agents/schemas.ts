// Request and response schemas of the Agent Management and Agent Operations groups (reference S/agents).
import "server-only";
import { z } from "zod";
import { ApiId } from "../common/schemas";
import { PaginationQuery } from "../../kernel/pagination";
import { AgentPolicy, AgentPolicyUpdate } from "./policy";

export { AgentPolicy, AgentPolicyUpdate };

const BoolQuery = z.enum(["true", "false"]).transform((v) => v === "true");
const DateTimeQuery = z.iso.datetime({ offset: true });

export const AgentCreateRequest = z.object({
  name: z.string().trim().min(1).max(255),
  customerId: ApiId("Customer"),
  policy: AgentPolicy,
});

export const AgentUpdateRequest = z
  .object({ name: z.string().trim().min(1).max(255).optional(), isPaused: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.isPaused !== undefined, { message: "Give name or isPaused" });

export const AgentListQuery = PaginationQuery.extend({
  customerId: z.string().optional(),
  isPaused: BoolQuery.optional(),
  isConnected: BoolQuery.optional(),
  createdAfter: DateTimeQuery.optional(),
  createdBefore: DateTimeQuery.optional(),
  updatedAfter: DateTimeQuery.optional(),
  updatedBefore: DateTimeQuery.optional(),
});

export const AgentUsageResponse = z.object({
  dailyTransactionCount: z.number().int(),
  dailySpend: z.number().int(),
  dailyResetDate: z.string().optional(),
  monthlySpend: z.number().int(),
  monthlyResetMonth: z.string().optional(),
});

export const AgentResponse = z.object({
  id: z.string(),
  name: z.string(),
  customerId: z.string(),
  isPaused: z.boolean(),
  isConnected: z.boolean(),
  policy: AgentPolicy,
  usage: AgentUsageResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const DeviceCodeResponse = z.object({
  code: z.string(),
  agentId: z.string(),
  expiresAt: z.string(),
  redeemed: z.boolean(),
});
export const AgentCreateResponse = z.object({ agent: AgentResponse, deviceCode: DeviceCodeResponse });
export const DeviceCodeStatusResponse = z.strictObject({ code: z.string(), redeemed: z.boolean() });
export const RedeemResponse = z.object({
  agentId: z.string(),
  agentName: z.string(),
  accessToken: z.string(),
  policy: AgentPolicy,
});
