import { describe, expect, it } from "vitest";
import { z } from "zod";
import { invalidField, DomainError } from "@/lib/kernel/errors";
import { errorResponsesExcept, ErrorResponses } from "@/lib/api/responses";
import { unmatchableQueryPage } from "@/lib/api/statuses";
import type { Operation } from "@/lib/api/operation";

const list = (query: z.ZodType, responses: Operation["responses"]) =>
  ({
    operationId: "someList",
    method: "GET",
    path: "/things",
    summary: "",
    tag: "",
    auth: "platform",
    query,
    responses: { 200: { description: "" }, ...responses },
    handle: async () => ({ status: 200 }),
  }) as Operation;

const filters = z.object({ status: z.enum(["A", "B"]).optional(), cursor: z.string().optional() });
const EMPTY = { status: 200, body: { data: [], hasMore: false, totalCount: 0 } };

describe("unmatchableQueryPage", () => {
  it("answers a list documented without 400 whose filter or cursor nothing can match with the empty page", () => {
    const op = list(filters, errorResponsesExcept(400));
    expect(unmatchableQueryPage(op, invalidField("status", "not one of A, B"))).toEqual(EMPTY);
    expect(unmatchableQueryPage(op, invalidField("cursor", "not a cursor of this list"))).toEqual(EMPTY);
  });

  it("leaves every other refusal alone", () => {
    const documented = list(filters, ErrorResponses);
    expect(unmatchableQueryPage(documented, invalidField("status", "x"))).toBeUndefined();
    const op = list(filters, errorResponsesExcept(400));
    expect(unmatchableQueryPage(op, invalidField("body", "x"))).toBeUndefined();
    expect(unmatchableQueryPage(op, new DomainError("REFERENCE_NOT_FOUND", "no"))).toBeUndefined();
    // a query naming a resource (a required parameter) is answered 404 by asDocumentedRefusal, not an empty page
    const named = list(z.object({ customerId: z.string() }), errorResponsesExcept(400));
    expect(unmatchableQueryPage(named, invalidField("customerId", "x"))).toBeUndefined();
  });
});
