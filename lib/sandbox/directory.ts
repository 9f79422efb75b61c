// The sandbox's directories of counterparties: the UMA providers a sandbox
// platform can pay (GET /uma-providers) and the VASPs a wallet external account
// can name as its custodian (GET /vasps, the vaspName field). Fixed sample
// data, as the hosted sandbox's; the installation's own UMA domain is listed
// first, since its sandbox receivers ($success.usd@...) answer payments.
export interface SandboxUmaProvider {
  name: string;
  domain: string;
  supportedRegions: string[];
  supportedCurrencies: string[];
  lei?: string;
  logoUrl?: string;
}

export function sandboxUmaProviders(installationDomain: string): SandboxUmaProvider[] {
  return [
    {
      name: "Meridian sandbox receivers",
      domain: installationDomain,
      supportedRegions: ["US", "MX", "DE"],
      supportedCurrencies: ["USD", "EUR", "MXN"],
    },
    {
      name: "Sandbox Pay US",
      domain: "uma.sandbox-pay.example",
      supportedRegions: ["US"],
      supportedCurrencies: ["USD"],
      lei: "5493001KJTIIGC8Y1R12",
      logoUrl: "https://uma.sandbox-pay.example/logo.png",
    },
    {
      name: "Remesa Sandbox",
      domain: "uma.remesa-sandbox.example",
      supportedRegions: ["MX"],
      supportedCurrencies: ["MXN", "USD"],
    },
    {
      name: "Euro Wallet Sandbox",
      domain: "uma.eurowallet-sandbox.example",
      supportedRegions: ["DE", "FR", "ES", "IT", "NL"],
      supportedCurrencies: ["EUR"],
    },
    {
      name: "Naira Sandbox",
      domain: "uma.naira-sandbox.example",
      supportedRegions: ["NG"],
      supportedCurrencies: ["NGN"],
    },
  ];
}

export const SANDBOX_VASPS: { vaspName: string; url?: string }[] = [
  { vaspName: "Binance", url: "https://www.binance.com" },
  { vaspName: "Bitstamp", url: "https://www.bitstamp.net" },
  { vaspName: "Coinbase", url: "https://www.coinbase.com" },
  { vaspName: "Crypto.com", url: "https://crypto.com" },
  { vaspName: "Gemini", url: "https://www.gemini.com" },
  { vaspName: "Kraken", url: "https://www.kraken.com" },
  { vaspName: "OKX", url: "https://www.okx.com" },
  { vaspName: "Sandbox Custody" },
];
