// Every job type and its handler, in one table. Groups add their entries here.
import type { JobHandler } from "./queue";
import { deliverWebhookJob } from "../webhooks/deliver";

export const jobHandlers: Record<string, JobHandler> = {
  "webhook.deliver": deliverWebhookJob,
};
