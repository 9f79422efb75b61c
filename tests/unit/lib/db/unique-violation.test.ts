// isUniqueViolation: Prisma's own P2002, a raw query's (money_apply) P2010
// carrying PostgreSQL 23505, and a bare pg error; nothing else.
import { describe, expect, it } from "vitest";
import { isUniqueViolation, Prisma } from "@/lib/db/client";

const known = (code: string, message: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "7", meta });

describe("isUniqueViolation", () => {
  it("recognises unique violations from Prisma models, raw queries and pg", () => {
    expect(isUniqueViolation(known("P2002", "Unique constraint failed"))).toBe(true);
    expect(isUniqueViolation(known("P2010", "Raw query failed. Code: `23505`. Message: `duplicate key value`"))).toBe(
      true,
    );
    expect(isUniqueViolation(known("P2010", "Raw query failed", { code: "23505" }))).toBe(true);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
  });

  it("does not mistake other failures for one", () => {
    expect(isUniqueViolation(known("P2010", "Raw query failed. Code: `23503`. Message: `foreign key`"))).toBe(false);
    expect(isUniqueViolation(known("P2025", "Record not found"))).toBe(false);
    expect(isUniqueViolation(new Error("23505"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
