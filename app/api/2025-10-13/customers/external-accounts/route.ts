// POST, GET /customers/external-accounts – add and list external accounts
import { routeHandlers } from "@/lib/api/next";
import { customerExternalAccounts as ops } from "@/lib/api/operations/external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.create, ops.list);
