// The API reference's front page: what the API is, how to authenticate, and
// every operation by group, with Redoc's search and sidebar; each operation
// links to its group's page for parameters, bodies, responses and examples.
// Rendered by Redoc at build time (scripts/api-reference.mjs); the interactive
// client (Scalar, try-it against this sandbox) is /docs/api/explorer.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RedocPage } from "@/components/docs/RedocPage";
import { referencePage } from "@/lib/api/reference-pages";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const page = referencePage("index");
  if (!page) notFound();
  return <RedocPage slug="index" page={page} />;
}
