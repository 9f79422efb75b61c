// Sandbox operations of the foundation: moving sandbox time forward.
import "server-only";
import { z } from "zod";
import { pool } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { wakeWorker } from "../../jobs/worker";
import { ageRevealTokens } from "../cards/reveal";
import { ageLivenessChallenges } from "../external-accounts/liveness-token";

// POST /sandbox/clock/advance – run this platform's timed sandbox outcomes (and age its card reveal links and liveness challenges) as if time had passed
export const advanceSandboxClock = defineOperation({
  operationId: "advanceSandboxClock",
  method: "POST",
  path: "/sandbox/clock/advance",
  summary: "Advance sandbox time for this platform's scheduled outcomes",
  tag: "Sandbox",
  auth: "platform",
  permission: "MANAGE",
  body: z.object({ seconds: z.number().int().min(1).max(30 * 24 * 3600) }),
  responses: {
    200: { description: "Scheduled work moved earlier", schema: z.object({ advancedSeconds: z.number().int(), jobsMoved: z.number().int() }) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body }) => {
    const res = await pool().query(
      `UPDATE jobs SET run_at = run_at - make_interval(secs => $2), updated_at = now() WHERE platform_id = $1 AND status = 'PENDING'`,
      [ctx.platformId, body.seconds],
    );
    await ageRevealTokens(ctx.platformId, body.seconds);
    await ageLivenessChallenges(ctx.platformId, body.seconds);
    wakeWorker();
    return { status: 200, body: { advancedSeconds: body.seconds, jobsMoved: res.rowCount ?? 0 } };
  },
});

export const sandboxOperations = [advanceSandboxClock];
