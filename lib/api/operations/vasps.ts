// VASPs: the operation of the reference's "VASPs" group, as the API declares
// it; the directory is the sandbox's (lib/sandbox/directory.ts).
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { listVasps } from "../../domain/discoveries/directory";
import { PaginationQuery } from "../../kernel/pagination";

const Vasp = z.object({ vaspName: z.string(), url: z.string().optional() });

// GET /vasps – VASPs a wallet external account can name as vaspName
export const listVaspsOperation = defineOperation({
  operationId: "listVasps",
  method: "GET",
  path: "/vasps",
  summary: "List VASPs",
  tag: "VASPs",
  auth: "platform",
  permission: "VIEW",
  query: PaginationQuery,
  responses: {
    200: {
      description: "A page of VASPs, by name",
      schema: z.object({ data: z.array(Vasp), hasMore: z.boolean(), nextCursor: z.string().optional() }),
    },
    ...ErrorResponses,
  },
  handle: async ({ query }) => ({ status: 200, body: listVasps(query) }),
});

export const vaspsOperations = [listVaspsOperation];
