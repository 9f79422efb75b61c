"use client";
// "Find a customer" on the customers page: the customer picker over every customer of
// the platform (the list below shows the newest 100); picking one opens their page.
import { useRouter } from "next/navigation";
import { CustomerPicker } from "@/components/admin/CustomerPicker";

export function CustomerFinder() {
  const router = useRouter();
  return (
    <section className="card" aria-label="Find a customer">
      <CustomerPicker
        label="Find a customer (name, email or reference)"
        placeholder="Search all customers"
        clearText="Search again"
        onChange={(c) => {
          if (c) router.push(`/admin/customers/${encodeURIComponent(c.id)}`);
        }}
      />
    </section>
  );
}
