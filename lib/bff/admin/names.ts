// Names instead of ids on the admin pages: customers by name, internal accounts by owner
// and kind ("Ada Lovelace, Wallet (USDB)"), external accounts by holder and masked number
// ("Rita Landlord, USD bank account ••0001"). Bounded reads (the newest 100 of each, as the
// lists show); an id outside them falls back to a word for its kind, never the raw id.
import "server-only";
import { api } from "../client";
import { externalAccountName, internalAccountName } from "../../kernel/wording";
import { load } from "./load";

interface Named {
  id: string;
  platformCustomerId: string;
  email?: string;
  fullName?: string;
  businessInfo?: { legalName?: string };
}

interface Account {
  id: string;
  customerId?: string;
  type: string;
  balance: { currency: { code: string } };
}

interface External {
  id: string;
  accountInfo: Record<string, unknown> & { accountType: string };
}

export interface Names {
  customer(id: string | undefined | null): string;
  account(id: string | undefined | null): string;
}

export async function loadNames(): Promise<Names> {
  const [customers, accounts, externals] = await Promise.all([
    load<Named[]>([], async () => (await api.get<{ data: Named[] }>("/customers?limit=100")).body.data),
    load<Account[]>(
      [],
      async () => (await api.get<{ data: Account[] }>("/customers/internal-accounts?limit=100")).body.data,
    ),
    load<External[]>(
      [],
      async () => (await api.get<{ data: External[] }>("/customers/external-accounts?limit=100")).body.data,
    ),
  ]);
  const customerNames = new Map(
    customers.data.map((c) => [c.id, c.fullName || c.businessInfo?.legalName || c.platformCustomerId]),
  );
  const accountNames = new Map(
    accounts.data.map((a) => {
      const kind = internalAccountName({ type: a.type, currency: a.balance.currency.code });
      const owner = a.customerId ? customerNames.get(a.customerId) : "Platform";
      return [a.id, owner ? `${owner}, ${kind}` : kind];
    }),
  );
  for (const e of externals.data) accountNames.set(e.id, externalAccountName(e.accountInfo));
  return {
    customer: (id) => (id ? (customerNames.get(id) ?? "A customer") : "Platform"),
    account: (id) => {
      if (!id) return "—";
      const known = accountNames.get(id);
      if (known) return known;
      if (id.startsWith("ExternalAccount:")) return "External account";
      if (id.startsWith("InternalAccount:")) return "Internal account";
      return "Account";
    },
  };
}
