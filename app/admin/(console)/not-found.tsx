import { NotFoundBody } from "@/components/ui/NotFoundBody";

export default function AdminNotFound() {
  return <NotFoundBody home="/admin" homeLabel="Go to the admin overview" />;
}
