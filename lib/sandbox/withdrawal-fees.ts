// Sandbox network fees of a crypto withdrawal (POST /crypto/estimate-withdrawal-fee):
// the fee in the network's own asset and its value, fixed so estimates are
// deterministic. Amounts are in each asset's smallest unit.
export interface NetworkFee {
  asset: string;
  /** The fee in the smallest unit of `asset` (lamports, wei, sats ...). */
  fee: number;
  /** The fee's value in millionths of a US dollar (USDC's smallest unit). */
  usdMicros: number;
}

export const SANDBOX_NETWORK_FEES: Record<string, NetworkFee> = {
  SOLANA: { asset: "SOL", fee: 5_000, usdMicros: 1_000 },
  ETHEREUM: { asset: "ETH", fee: 420_000_000_000_000, usdMicros: 1_250_000 },
  BASE: { asset: "ETH", fee: 2_000_000_000_000, usdMicros: 6_000 },
  POLYGON: { asset: "POL", fee: 10_000_000_000_000_000, usdMicros: 4_000 },
  TRON: { asset: "TRX", fee: 1_000_000, usdMicros: 250_000 },
  PLASMA: { asset: "XPL", fee: 1_000_000_000_000_000, usdMicros: 1_000 },
  SPARK: { asset: "BTC", fee: 0, usdMicros: 0 },
  LIGHTNING: { asset: "BTC", fee: 10, usdMicros: 10_000 },
  BITCOIN: { asset: "BTC", fee: 2_000, usdMicros: 2_000_000 },
};
