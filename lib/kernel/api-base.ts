// The API version in the path, shared by the API (lib/api) and the BFF that calls it.
export const API_VERSION = "2025-10-13";
export const API_BASE = `/api/${API_VERSION}`;
