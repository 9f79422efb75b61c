import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";

describe("POST /sandbox/clock/advance", () => {
  it("validates the number of seconds", async () => {
    const api = await newPlatform();
    const missing = await api.post("/sandbox/clock/advance", {});
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([{ field: "seconds", constraint: "REQUIRED", message: "Required" }]);
    expect((await api.post("/sandbox/clock/advance", { seconds: 0 })).body.details.errors[0].constraint).toBe(
      "MINIMUM",
    );
    expect((await api.post("/sandbox/clock/advance", { seconds: 1.5 })).body.details.errors[0].constraint).toBe("TYPE");
  });

  it("reports how much work it moved for the calling platform only", async () => {
    const api = await newPlatform();
    const res = await api.post("/sandbox/clock/advance", { seconds: 60 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ advancedSeconds: 60, jobsMoved: 0 });
  });
});
