// Any other path no page serves. Rendering the 404 per request (not Next's
// prerendered one) gives its scripts the request's CSP nonce.
import { notFound } from "next/navigation";

export default function MissingPage(): never {
  notFound();
}
