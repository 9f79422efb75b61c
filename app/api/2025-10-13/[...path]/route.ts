// Any path under the API base that no operation serves: 404 in the spec's error body.
import { ApiError } from "@/lib/api/errors";
import { notFoundHandlers } from "@/lib/api/next";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundHandlers(
  (request) =>
    new ApiError("NOT_FOUND", `No operation at ${new URL(request.url).pathname}; see /api/2025-10-13/openapi.json`),
);
