// Any admin path no page serves: the console's own 404, inside its frame.
import { notFound } from "next/navigation";

export default function MissingAdminPage(): never {
  notFound();
}
