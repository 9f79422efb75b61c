// Every operation of the API, for the dispatchers, the OpenAPI document and the
// route tests: one file per group of the reference (its tags), in lib/api/operations/.
import type { Operation } from "./operation";
import { platformConfigurationOperations } from "./operations/platform-configuration";
import { customersOperations } from "./operations/customers";
import { contactVerificationOperations } from "./operations/contact-verification";
import { strongCustomerAuthenticationOperations } from "./operations/strong-customer-authentication";
import { kycKybVerificationsOperations } from "./operations/kyc-kyb-verifications";
import { documentsOperations } from "./operations/documents";
import { internalAccountsOperations } from "./operations/internal-accounts";
import { externalAccountsOperations } from "./operations/external-accounts";
import { sameCurrencyTransfersOperations } from "./operations/same-currency-transfers";
import { crossCurrencyTransfersOperations } from "./operations/cross-currency-transfers";
import { transactionsOperations } from "./operations/transactions";
import { webhooksOperations } from "./operations/webhooks";
import { invitationsOperations } from "./operations/invitations";
import { sandboxOperations } from "./operations/sandbox";
import { apiTokensOperations } from "./operations/api-tokens";
import { exchangeRatesOperations } from "./operations/exchange-rates";
import { discoveriesOperations } from "./operations/discoveries";
import { embeddedWalletAuthOperations } from "./operations/embedded-wallet-auth";
import { agentManagementOperations } from "./operations/agent-management";
import { agentOperations } from "./operations/agent-operations";
import { cardsOperations } from "./operations/cards";
import { stablecoinsOperations } from "./operations/stablecoins";
import { vaspsOperations } from "./operations/vasps";
import { availableUmaProvidersOperations } from "./operations/available-uma-providers";
import { legacyOperations } from "./operations/legacy";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const operations: Operation<any, any, any>[] = [
  ...platformConfigurationOperations,
  ...customersOperations,
  ...contactVerificationOperations,
  ...strongCustomerAuthenticationOperations,
  ...kycKybVerificationsOperations,
  ...documentsOperations,
  ...internalAccountsOperations,
  ...externalAccountsOperations,
  ...sameCurrencyTransfersOperations,
  ...crossCurrencyTransfersOperations,
  ...transactionsOperations,
  ...webhooksOperations,
  ...invitationsOperations,
  ...sandboxOperations,
  ...apiTokensOperations,
  ...exchangeRatesOperations,
  ...discoveriesOperations,
  ...embeddedWalletAuthOperations,
  ...agentManagementOperations,
  ...agentOperations,
  ...cardsOperations,
  ...stablecoinsOperations,
  ...vaspsOperations,
  ...availableUmaProvidersOperations,
  ...legacyOperations,
];
