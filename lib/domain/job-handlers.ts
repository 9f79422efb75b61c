// Every job type and its handler, in one table. Groups add their entries here;
// the server hands the table to the worker (instrumentation.ts), so lib/jobs
// imports nothing of the domain.
import type { JobHandlers } from "../jobs/queue";
import { deliverWebhookJob } from "../webhooks/deliver";
import { bankValidationJob } from "./external-accounts/external-accounts";
import { activateCardJob, activateCardsJob } from "./cards/cards";
import { RESUME_ACTION_JOB, resumeActionJob } from "./agents/actions";
import { CONFIRM_PULL_JOB, confirmPullJob } from "./cards/transactions";
import { BULK_IMPORT_JOB, bulkImportJob } from "./customers/bulk-import";
import { stablecoinProvisionedJob } from "./stablecoins/stablecoins";
import { settleStablecoinOperationJob } from "./stablecoins/mint-burn";
import { transactionOutcomeJob } from "./transactions/engine";
import { QUOTE_SCA_EXPIRY_JOB } from "./quotes/challenge";
import { quoteScaExpiryJob } from "./quotes/expire";
import { QUOTE_EXPIRY_JOB, quoteExpiryJob } from "./quotes/expire";

export const jobHandlers: JobHandlers = {
  "webhook.deliver": deliverWebhookJob,
  "external-account.bank-validation": bankValidationJob,
  "card.activate": { one: activateCardJob, batch: activateCardsJob },
  [CONFIRM_PULL_JOB]: confirmPullJob,
  [BULK_IMPORT_JOB]: bulkImportJob,
  "stablecoin.provisioned": stablecoinProvisionedJob,
  "stablecoin.operation.settle": settleStablecoinOperationJob,
  "transaction.outcome": transactionOutcomeJob,
  [QUOTE_SCA_EXPIRY_JOB]: quoteScaExpiryJob,
  [QUOTE_EXPIRY_JOB]: quoteExpiryJob,
  [RESUME_ACTION_JOB]: resumeActionJob,
};
