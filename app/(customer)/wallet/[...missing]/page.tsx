// Any wallet path no page serves: the wallet's own 404, inside its frame.
import { notFound } from "next/navigation";

export default function MissingWalletPage(): never {
  notFound();
}
