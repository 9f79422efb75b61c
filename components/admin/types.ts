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
