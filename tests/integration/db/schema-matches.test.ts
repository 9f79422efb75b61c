// The SQL migrations and prisma/schema.prisma must describe the same tables
// and columns (name, type, nullability), on whichever database this run uses.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { get_dmmf } from "@prisma/prisma-schema-wasm";
import { database, server } from "../../support/api";

type Field = {
  name: string;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  dbName?: string | null;
  nativeType?: [string, string[]] | null;
};
type Model = { name: string; dbName: string | null; fields: Field[] };

const SCALAR_TO_PG: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp with time zone",
  Json: "jsonb",
  Float: "double precision",
  Decimal: "numeric",
  Bytes: "bytea",
};
const NATIVE_TO_PG: Record<string, string> = {
  Uuid: "uuid",
  Timestamptz: "timestamp with time zone",
  Text: "text",
  VarChar: "character varying",
};

describe(`database schema (${server().mode} PostgreSQL)`, () => {
  it("has exactly the tables and columns of prisma/schema.prisma", async () => {
    const dmmf = JSON.parse(
      get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", readFileSync("prisma/schema.prisma", "utf8")]] })),
    );
    const models: Model[] = dmmf.datamodel.models;
    const expected = new Map<string, string>();
    for (const m of models) {
      for (const f of m.fields.filter((f) => f.kind === "scalar" || f.kind === "enum")) {
        const base = f.nativeType ? NATIVE_TO_PG[f.nativeType[0]] : SCALAR_TO_PG[f.type];
        const type = f.isList ? `${base}[]` : base;
        expected.set(
          `${m.dbName ?? m.name}.${f.dbName ?? f.name}`,
          `${type} ${f.isRequired || f.isList ? "NOT NULL" : "NULL"}`,
        );
      }
    }
    const { rows } = await database().query(
      `SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
         FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name ` +
        `AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'`,
    );
    const actual = new Map<string, string>();
    for (const r of rows) {
      const type = r.data_type === "ARRAY" ? `${r.udt_name === "_text" ? "text" : r.udt_name.slice(1)}[]` : r.data_type;
      // Prisma lists are NOT NULL in the client; a NULL-able array column is accepted as the same shape.
      const nullable = r.data_type === "ARRAY" ? "NOT NULL" : r.is_nullable === "YES" ? "NULL" : "NOT NULL";
      actual.set(`${r.table_name}.${r.column_name}`, `${type} ${nullable}`);
    }
    expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
  });
});
