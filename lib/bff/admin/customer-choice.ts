// A customer named for the console's customer picker when a page is opened with
// its id in the URL (a filter by customer): name and email, or a word for it when
// the read fails, never the raw id. One home for the transactions and request-log filters.
import "server-only";
import { api } from "../client";
import { load } from "./load";

interface Customer {
  platformCustomerId: string;
  fullName?: string;
  businessInfo?: { legalName?: string };
  email?: string;
}

export interface NamedCustomer {
  id: string;
  name: string;
  email?: string;
}

export async function customerChoice(id: string): Promise<NamedCustomer> {
  const { data } = await load<NamedCustomer>({ id, name: "A customer" }, async () => {
    const c = (await api.get<Customer>(`/customers/${encodeURIComponent(id)}`)).body;
    return { id, name: c.fullName || c.businessInfo?.legalName || c.platformCustomerId, email: c.email };
  });
  return data;
}
