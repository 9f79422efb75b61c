import { describe, expect, it } from "vitest";
import { onJobsWake, wakeJobs } from "@/lib/jobs/wake";

describe("lib/jobs/wake: the worker is woken by a signal, not imported", () => {
  it("calls every listener on wakeJobs() until it stops listening", () => {
    const heard: string[] = [];
    const stopA = onJobsWake(() => heard.push("a"));
    const stopB = onJobsWake(() => heard.push("b"));
    wakeJobs();
    stopA();
    wakeJobs();
    stopB();
    wakeJobs();
    expect(heard).toEqual(["a", "b", "b"]);
  });
});
