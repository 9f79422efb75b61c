// Creates a staff account. Passwords are stored only as scrypt hashes; when the
// caller gives none, a random one is generated and returned once.
import "server-only";
import { z } from "zod";
import { db, isUniqueViolation } from "../../db/client";
import { hashSecret, isWellFormedSecret, randomToken } from "../../crypto/secrets";
import { DomainError } from "../../kernel/errors";
import { newUuid, toApiId } from "../../ids";
import { STAFF_ROLES } from "./roles";

export const StaffUserCreate = z.object({
  email: z
    .email()
    .max(255)
    .transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(255),
  role: z.enum(STAFF_ROLES),
  password: z
    .string()
    .min(12, "Use at least 12 characters")
    .max(256)
    .refine(isWellFormedSecret, "Use printable characters only (no control characters)")
    .optional(),
});
export type StaffUserCreate = z.infer<typeof StaffUserCreate>;

export async function createStaffUser(input: StaffUserCreate) {
  const password = input.password ?? randomToken("", 18);
  const id = newUuid();
  try {
    const row = await db().staffUser.create({
      data: { id, email: input.email, name: input.name, role: input.role, passwordHash: await hashSecret(password) },
    });
    return {
      id: toApiId("StaffUser", row.id),
      email: row.email,
      name: row.name,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
      ...(input.password ? {} : { password }),
    };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError("CONFLICT", `A staff user with email ${input.email} already exists`);
    throw err;
  }
}
