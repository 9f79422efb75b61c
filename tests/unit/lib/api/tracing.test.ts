import { describe, expect, it } from "vitest";
import { tracingRequested } from "@/lib/api/tracing";

describe("tracingRequested: off by default, on with the standard OTEL_* variables", () => {
  it("is off without an OTLP endpoint", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: "meridian" })).toBe(false);
  });
  it("is on with a general or a traces endpoint", () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
  });
  it("stays off when the SDK is disabled or the traces exporter is none", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingRequested({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });
});
