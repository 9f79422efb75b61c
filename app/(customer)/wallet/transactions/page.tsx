import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listTransactions } from "@/lib/bff/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { TransactionsLive } from "@/components/wallet/TransactionsLive";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  const { customer } = await requireCustomerPage();
  try {
    const page = await listTransactions(customer.customerId);
    return (
      <>
        <h1>Transactions</h1>
        <TransactionsLive initial={{ data: page.data, hasMore: page.hasMore, nextCursor: page.nextCursor }} />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Transactions</h1>
        <ErrorNotice error={error} what="your transactions" />
      </>
    );
  }
}
