// Token amounts and their fiat value. A stablecoin is 1:1 with its base
// currency, so an amount in the token's smallest unit is representable only
// if it is a whole number of the base currency's smallest unit (a cent).
import "server-only";
export function fiatAmountOf(tokenAmount: bigint, tokenDecimals: number, fiatDecimals: number): bigint | null {
  if (tokenDecimals >= fiatDecimals) {
    const unit = 10n ** BigInt(tokenDecimals - fiatDecimals);
    return tokenAmount % unit === 0n ? tokenAmount / unit : null;
  }
  return tokenAmount * 10n ** BigInt(fiatDecimals - tokenDecimals);
}
