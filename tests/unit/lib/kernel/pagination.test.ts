import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/kernel/errors";
import {
  COUNT_CAP,
  ClampedPaginationQuery,
  PaginationQuery,
  boundedCount,
  decodeCursor,
  encodeCursor,
  pageArgs,
  toPage,
} from "@/lib/kernel/pagination";

const ids = Array.from({ length: 5 }, (_, i) => `0192aaaa-0000-7000-8000-00000000000${i}`);

describe("cursor pagination", () => {
  it("clamps limit to 1..100 for the lists that cannot refuse their query (not a number: the default)", () => {
    expect(ClampedPaginationQuery.parse({})).toEqual({ limit: 20 });
    expect(ClampedPaginationQuery.parse({ limit: "0" }).limit).toBe(1);
    expect(ClampedPaginationQuery.parse({ limit: "1000" }).limit).toBe(100);
    expect(ClampedPaginationQuery.parse({ limit: "7.9" }).limit).toBe(7);
    expect(ClampedPaginationQuery.parse({ limit: "many" }).limit).toBe(20);
  });

  it("defaults limit to 20 and bounds it to 1..100", () => {
    expect(PaginationQuery.parse({})).toEqual({ limit: 20 });
    expect(PaginationQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(PaginationQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(PaginationQuery.parse({ limit: "100" }).limit).toBe(100);
  });

  it("round-trips cursors and rejects forged ones with a field error", () => {
    expect(decodeCursor(encodeCursor(ids[2]))).toBe(ids[2]);
    expect(() => decodeCursor("not-a-cursor")).toThrow(DomainError);
    try {
      decodeCursor(Buffer.from('{"id":"x"}').toString("base64url"));
    } catch (e) {
      expect((e as DomainError).details).toEqual({
        errors: [expect.objectContaining({ field: "cursor", constraint: "FORMAT" })],
      });
    }
  });

  it("fetches one extra row to know whether more exist, and points nextCursor at the last row shown", () => {
    const q = { limit: 2 };
    expect(pageArgs(q).take).toBe(3);
    const page = toPage(
      ids.slice(0, 3).map((id) => ({ id })),
      q,
      5,
      (r) => r.id,
    );
    expect(page).toEqual({ data: [ids[0], ids[1]], hasMore: true, nextCursor: encodeCursor(ids[1]), totalCount: 5 });
    const last = toPage([{ id: ids[4] }], q, 5, (r) => r.id);
    expect(last).toEqual({ data: [ids[4]], hasMore: false, totalCount: 5 });
  });

  it("keys pages by id in the requested order", () => {
    expect(pageArgs({ limit: 5, cursor: encodeCursor(ids[3]) }).cursorWhere).toEqual({ id: { lt: ids[3] } });
    expect(pageArgs({ limit: 5, cursor: encodeCursor(ids[3]) }, "asc").cursorWhere).toEqual({ id: { gt: ids[3] } });
  });

  it("shows totalCount only while it is exact: the count stops one row past COUNT_CAP", () => {
    expect(boundedCount.take).toBe(COUNT_CAP + 1);
    const rows = ids.slice(0, 3).map((id) => ({ id }));
    expect(toPage(rows, { limit: 2 }, COUNT_CAP, (r) => r.id).totalCount).toBe(COUNT_CAP);
    const many = toPage(rows, { limit: 2 }, COUNT_CAP + 1, (r) => r.id);
    expect(many).toEqual({ data: [ids[0], ids[1]], hasMore: true, nextCursor: encodeCursor(ids[1]) });
    expect("totalCount" in many).toBe(false);
  });
});
