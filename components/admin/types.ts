// Shapes of the API responses the admin pages render (fields they use).
export interface CurrencyAmount {
  amount: number;
  currency: { code: string; decimals: number; symbol?: string };
}

export interface PlatformConfig {
  id: string;
  umaDomain: string;
  webhookEndpoint: string | null;
  isRegulatedFinancialInstitution: boolean;
  skipVerificationPaperwork: boolean;
  supportedCurrencies: { currencyCode: string; minAmount: number; maxAmount: number }[];
  createdAt: string;
  updatedAt: string;
}

export interface ApiToken {
  id: string;
  name: string;
  permissions: string[];
  clientId: string;
  createdAt: string;
}

export interface InternalAccount {
  id: string;
  customerId?: string;
  type: string;
  status: string;
  balance: CurrencyAmount;
  totalBalance: CurrencyAmount;
  createdAt: string;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

export interface ExternalAccount {
  id: string;
  customerId?: string;
  status: string;
  platformAccountId?: string;
  ownershipType?: string;
  currency: string;
  defaultUmaDepositAccount: boolean;
  beneficiaryVerificationStatus?: string;
  accountInfo: Record<string, unknown> & { accountType: string; beneficiary?: { fullName?: string; legalName?: string } };
  createdAt: string;
  updatedAt: string;
}

const IDENTIFIERS = ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa", "phoneNumber", "address", "lightningAddress"];

/** "USD_ACCOUNT ••••0901": the type and the end of the account's main identifier. */
export function accountLabel(a: ExternalAccount): string {
  const id = IDENTIFIERS.map((k) => a.accountInfo[k]).find((v): v is string => typeof v === "string" && v.length > 0);
  return id ? `${a.accountInfo.accountType} ••••${id.slice(-4)}` : a.accountInfo.accountType;
}

export interface AdminTransaction {
  id: string;
  status: string;
  type: "INCOMING" | "OUTGOING";
  customerId?: string;
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  sentAmount: CurrencyAmount;
  receivedAmount: CurrencyAmount;
  fees?: number;
  exchangeRate?: number;
  quoteId?: string;
  failureReason?: string;
  paymentRail?: string;
  description?: string;
  refund?: Record<string, unknown>;
  settledAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** One side of a transaction in words: the UMA address or the account id. */
export function endpointLabel(end: Record<string, unknown>): string {
  const v = end.umaAddress ?? end.accountId ?? end.address ?? end.sourceType ?? end.destinationType;
  return typeof v === "string" ? v : "—";
}

/** The amount that matters for the platform: what arrives for incoming, what leaves for outgoing. */
export function headlineAmount(t: AdminTransaction): CurrencyAmount {
  return t.type === "INCOMING" ? t.receivedAmount : t.sentAmount;
}
