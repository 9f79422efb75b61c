// POST /sandbox/clock/advance – advance sandbox time for scheduled outcomes
import { routeHandlers } from "@/lib/api/next";
import { advanceSandboxClock } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(advanceSandboxClock);
