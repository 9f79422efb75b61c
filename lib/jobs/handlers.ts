// Every job type and its handler, in one table. Groups add their entries here.
import type { JobHandler } from "./queue";
import { deliverWebhookJob } from "../webhooks/deliver";
import { bankValidationJob } from "../domain/external-accounts/external-accounts";
import { activateCardJob } from "../domain/cards/cards";
import { CONFIRM_PULL_JOB, confirmPullJob } from "../domain/cards/transactions";
import { BULK_IMPORT_JOB, bulkImportJob } from "../domain/customers/bulk-import";
import { stablecoinProvisionedJob } from "../domain/stablecoins/stablecoins";
import { settleStablecoinOperationJob } from "../domain/stablecoins/mint-burn";
import { transactionOutcomeJob } from "../domain/transactions/engine";
import { QUOTE_SCA_EXPIRY_JOB, quoteScaExpiryJob } from "../domain/quotes/authorization";
import { QUOTE_EXPIRY_JOB, quoteExpiryJob } from "../domain/quotes/quotes";

export const jobHandlers: Record<string, JobHandler> = {
  "webhook.deliver": deliverWebhookJob,
  "external-account.bank-validation": bankValidationJob,
  "card.activate": activateCardJob,
  [CONFIRM_PULL_JOB]: confirmPullJob,
  [BULK_IMPORT_JOB]: bulkImportJob,
  "stablecoin.provisioned": stablecoinProvisionedJob,
  "stablecoin.operation.settle": settleStablecoinOperationJob,
  "transaction.outcome": transactionOutcomeJob,
  [QUOTE_SCA_EXPIRY_JOB]: quoteScaExpiryJob,
  [QUOTE_EXPIRY_JOB]: quoteExpiryJob,
};
