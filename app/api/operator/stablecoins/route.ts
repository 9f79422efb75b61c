import { ApiError } from "@/lib/api/errors";
import { json, route } from "@/lib/bff/route";
import { ENABLEMENT_STATES, type EnablementState } from "@/lib/domain/stablecoins/status";
import { stablecoinQueue } from "@/lib/bff/operator";

export const GET = route({ audience: "operator" }, async ({ request, requestId }) => {
  const status = new URL(request.url).searchParams.get("gridOperationsStatus") ?? undefined;
  if (status && !(ENABLEMENT_STATES as readonly string[]).includes(status)) {
    throw new ApiError("INVALID_INPUT", "Unknown gridOperationsStatus", {
      errors: [
        { field: "gridOperationsStatus", constraint: "ENUM", message: `One of ${ENABLEMENT_STATES.join(", ")}` },
      ],
    });
  }
  return json(
    200,
    { data: await stablecoinQueue(status as EnablementState | undefined) },
    { "x-request-id": requestId },
  );
});
