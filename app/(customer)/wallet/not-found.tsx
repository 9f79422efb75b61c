import { NotFoundBody } from "@/components/ui/NotFoundBody";

export default function WalletNotFound() {
  return <NotFoundBody home="/wallet" homeLabel="Go to your account" />;
}
