// The stage most money tests start from. Apart from ./money because it starts a platform and a webhook
// receiver (./api loads the vitest-only contract recorder), while ./money's helpers are imported by benches too.
import { newPlatform, type ApiClient } from "./api";
import { fund, internalAccount, newCustomer } from "./money";
import { WebhookReceiver } from "./webhook-receiver";

/**
 * The usual stage of a money test: a new platform delivering webhooks to a receiver of its own and
 * one customer whose USD account holds `amount`. `configure` points the platform at the receiver
 * (by default PATCH /config; card tests approve the platform as well).
 */
export async function fundedStage(opts: {
  platformName?: string;
  customerName: string;
  currencies: string[];
  amount: number;
  configure?: (api: ApiClient, webhookEndpoint: string) => Promise<unknown>;
}) {
  const hooks = await new WebhookReceiver().start();
  const api = await newPlatform(opts.platformName);
  await (opts.configure ?? ((a, url) => a.patch("/config", { webhookEndpoint: url })))(api, hooks.url);
  const customer = await newCustomer(api, opts.currencies, opts.customerName);
  const usd = await internalAccount(api, customer.id);
  await fund(api, usd, opts.amount);
  return { api, hooks, customer, usd };
}
