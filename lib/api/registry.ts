// Every operation of the API, for the OpenAPI document and the route tests.
// Each group exports its list from lib/domain/<group>/operations.ts.
import type { Operation } from "./operation";
import { platformOperations } from "../domain/platform/operations";
import { webhookOperations } from "../domain/webhooks/operations";
import { sandboxOperations } from "../domain/sandbox/operations";
import { customerOperations } from "../domain/customers/operations";
import { accountOperations } from "../domain/accounts/operations";
import { externalAccountOperations } from "../domain/external-accounts/operations";
import { cardOperations } from "../domain/cards/operations";
import { verificationOperations } from "../domain/verifications/operations";
import { documentOperations } from "../domain/documents/operations";
import { walletAuthOperations } from "../domain/wallet-auth/operations";
import { scaOperations } from "../domain/sca/operations";
import { stablecoinOperations } from "../domain/stablecoins/operations";
import { agentManagementOperations } from "../domain/agents/operations";
import { agentOperations } from "../domain/agents/me-operations";
import { agentActionOperations } from "../domain/agents/action-operations";
import { moneyOperations } from "../domain/quotes/operations";
import { fxOperations } from "../domain/fx/operations";
import { invitationOperations } from "../domain/invitations/operations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const operations: Operation<any, any, any>[] = [
  ...platformOperations,
  ...webhookOperations,
  ...sandboxOperations,
  ...customerOperations,
  ...accountOperations,
  ...externalAccountOperations,
  ...cardOperations,
  ...verificationOperations,
  ...documentOperations,
  ...walletAuthOperations,
  ...scaOperations,
  ...stablecoinOperations,
  ...agentManagementOperations,
  ...agentOperations,
  ...agentActionOperations,
  ...moneyOperations,
  ...fxOperations,
  ...invitationOperations,
];
