// The admin console's customer picker: customers of the BFF's own platform by name,
// email or platformCustomerId. The API has no search by name, so the BFF calls the
// domain (one indexed statement), always for its own platform.
import "server-only";
import { searchCustomers } from "../../domain/customers/search-customers";
import { api, bffPlatformId } from "../client";

export async function searchPlatformCustomers(query: string) {
  return searchCustomers(await bffPlatformId(), query);
}

interface InternalAccountRow {
  id: string;
  type: string;
  balance: { amount: number; currency: { code: string; name?: string; symbol?: string; decimals: number } };
}

/** A customer's internal accounts, for a form that goes on to pick one (the sandbox panel's funding). */
export async function customerAccounts(customerId: string) {
  const q = encodeURIComponent(customerId);
  const res = await api.get<{ data: InternalAccountRow[] }>(`/customers/internal-accounts?customerId=${q}&limit=100`);
  return { data: res.body.data.map((a) => ({ id: a.id, type: a.type, balance: a.balance })) };
}
