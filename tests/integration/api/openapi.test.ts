import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> };

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 generated from the operations, with schemas and security", async () => {
    const res = await fetch(`${server().baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc & { components: { securitySchemes: object; schemas: object } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes).toHaveProperty("BasicAuth");
    expect(doc.components.schemas).toHaveProperty("Error");
    const config = doc.paths["/config"];
    expect(config.get.operationId).toBe("getPlatformConfig");
    expect(config.patch).toHaveProperty("requestBody");
    expect(config.get.security).toEqual([{ BasicAuth: [] }]);
  });

  it("every documented operation is served by a route (no operation falls through to the 404 catch-all)", async () => {
    const doc = (await (await fetch(`${server().baseUrl}/openapi.json`)).json()) as Doc;
    const api = await newPlatform();
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, "Unknown:00000000-0000-7000-8000-000000000000");
      for (const method of Object.keys(methods)) {
        const res = await api.request(
          method.toUpperCase(),
          concrete,
          method === "get" || method === "delete" ? undefined : {},
        );
        if (res.status === 405 || (res.status === 404 && /No operation at/.test(res.body?.reason ?? "")))
          missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
