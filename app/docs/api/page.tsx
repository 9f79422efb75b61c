import type { Metadata } from "next";
import { SiteHeader } from "@/components/SiteHeader";
import { ApiReference, type OpenApiDoc } from "@/components/docs/ApiReference";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/registry";
import { API_BASE } from "@/lib/api/operation";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument(operations) as unknown as OpenApiDoc;
  return (
    <>
      <SiteHeader />
      <main>
        <ApiReference doc={doc} base={API_BASE} />
      </main>
    </>
  );
}
