// One group of the API reference: each operation with its parameters, request
// body, responses and examples in curl and JavaScript, rendered by Redoc at
// build time (scripts/api-reference.mjs).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RedocPage } from "@/components/docs/RedocPage";
import { referencePage } from "@/lib/api/reference-pages";

type Params = { params: Promise<{ tag: string }> };

const groupPage = (slug: string) => (slug === "index" ? null : referencePage(slug));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const page = groupPage((await params).tag);
  return { title: page ? `${page.title} · API reference` : "API reference" };
}

export default async function ApiGroupPage({ params }: Params) {
  const { tag } = await params;
  const page = groupPage(tag);
  if (!page) notFound();
  return <RedocPage slug={tag} page={page} />;
}
