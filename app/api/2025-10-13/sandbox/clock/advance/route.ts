// POST /sandbox/clock/advance – advance sandbox time for scheduled outcomes
import { routeHandlers } from "@/lib/api/next";
import { advanceSandboxClock } from "@/lib/domain/sandbox/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(advanceSandboxClock);
