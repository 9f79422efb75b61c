// POST, GET /platform/external-accounts – add and list external accounts
import { routeHandlers } from "@/lib/api/next";
import { platformExternalAccounts as ops } from "@/lib/api/operations/external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.create, ops.list);
