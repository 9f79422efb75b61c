// The client that serves a provider account: the sandbox's simulated provider
// until a real provider client is configured.
import { DomainError } from "../../kernel/errors";
import { PROVIDERS, type ProviderEnvironment, type StablecoinProviderClient } from "./provider";
import { sandboxStablecoinProvider } from "./sandbox-provider";

/** Every Meridian platform is a sandbox platform until a real provider client is configured. */
export function providerEnvironment(): ProviderEnvironment {
  return "SANDBOX";
}

export function providerClient(provider: string, environment: ProviderEnvironment): StablecoinProviderClient {
  if (environment === "SANDBOX" && (PROVIDERS as readonly string[]).includes(provider))
    return sandboxStablecoinProvider;
  throw new DomainError("STABLECOIN_PROVIDER_ERROR", `No ${environment} client is configured for provider ${provider}`);
}
