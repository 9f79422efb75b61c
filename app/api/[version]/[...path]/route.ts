// /api/<version>/... for a version Meridian does not serve.
import { ApiError } from "@/lib/api/errors";
import { notFoundHandlers } from "@/lib/api/next";
import { API_VERSION } from "@/lib/api/operation";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundHandlers((request) => {
  const version = new URL(request.url).pathname.split("/")[2] ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? new ApiError(
        "UNSUPPORTED_API_VERSION",
        `API version ${version} is not supported; use ${API_VERSION} (base path /api/${API_VERSION})`,
        {
          supportedVersions: [API_VERSION],
        },
      )
    : new ApiError("NOT_FOUND", `No such path; the API lives under /api/${API_VERSION}`);
});
