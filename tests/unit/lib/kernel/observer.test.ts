import { afterEach, describe, expect, it } from "vitest";
import { installObserver, observer } from "@/lib/kernel/observer";

const holder = globalThis as unknown as { __meridianObserver?: unknown };

describe("observer", () => {
  afterEach(() => {
    delete holder.__meridianObserver;
  });

  it("runs spans as plain calls when nothing is installed", async () => {
    let seen: string | undefined = "unset";
    const value = await observer().span("x", {}, async (span) => {
      seen = span.traceId;
      span.set({ a: 1 });
      return 42;
    });
    expect(value).toBe(42);
    expect(seen).toBeUndefined();
  });

  it("keeps the parts another installer put in place", () => {
    const outcomes: string[] = [];
    const sizes: number[] = [];
    installObserver({ webhookDelivery: (o) => outcomes.push(o) });
    installObserver({ batch: (_name, size) => sizes.push(size) });
    observer().webhookDelivery("delivered");
    observer().batch("money_apply", 7);
    expect(outcomes).toEqual(["delivered"]);
    expect(sizes).toEqual([7]);
  });
});
