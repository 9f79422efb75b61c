import type { Metadata } from "next";
import Link from "next/link";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { ownedTransaction } from "@/lib/bff/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { TransactionDetailLive } from "@/components/wallet/TransactionDetailLive";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { customer } = await requireCustomerPage();
  const { id } = await params;
  const back = (
    <p>
      <Link href="/wallet/transactions">Back to transactions</Link>
    </p>
  );
  try {
    const tx = await ownedTransaction(customer.customerId, decodeURIComponent(id));
    return (
      <>
        <h1>Transaction</h1>
        {back}
        <TransactionDetailLive initial={tx} />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Transaction</h1>
        {back}
        <ErrorNotice error={error} what="this transaction" />
      </>
    );
  }
}
