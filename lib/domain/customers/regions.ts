// Which customers fall under the EU rules that mandate contact verification
// and Strong Customer Authentication: those whose region is an EU/EEA country.
import "server-only";
export const EEA_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
]);

export function requiresScaAndContactVerification(region: string | null | undefined): boolean {
  return region ? EEA_COUNTRIES.has(region.toUpperCase()) : false;
}
