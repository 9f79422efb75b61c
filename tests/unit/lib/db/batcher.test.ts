import { describe, expect, it } from "vitest";
import { createBatcher } from "../../../../lib/db/batcher";

/** A batcher whose batches wait until released, recording what each batch held. */
function gatedBatcher(opts: { maxBatch: number; lanes: number }) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const submit = createBatcher<number, number>({
    ...opts,
    run: async (inputs) => {
      batches.push(inputs);
      await new Promise<void>((release) => gates.push(release));
      return inputs.map((n) =>
        n < 0 ? { status: "rejected", reason: new Error(`negative ${n}`) } : { status: "fulfilled", value: n * 10 },
      );
    },
  });
  const releaseAll = () => gates.splice(0).forEach((g) => g());
  return { submit, batches, releaseAll };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("createBatcher", () => {
  it("sends what is submitted in one turn together, and what arrives while every lane is busy as the next batch", async () => {
    const { submit, batches, releaseAll } = gatedBatcher({ maxBatch: 10, lanes: 1 });
    const first = [submit(1), submit(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const later = [submit(3), submit(4), submit(5)];
    await tick();
    expect(batches).toHaveLength(1); // the lane is busy: 3, 4, 5 wait
    releaseAll();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    releaseAll();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  it("sends the next batch before the finished batch's callers resume", async () => {
    const { submit, batches, releaseAll } = gatedBatcher({ maxBatch: 10, lanes: 1 });
    const first = submit(1);
    await tick();
    const waiting = submit(2);
    await tick();
    releaseAll();
    await first;
    // The caller of 1 resumes here: 2 has already gone, without waiting for another turn.
    expect(batches).toEqual([[1], [2]]);
    releaseAll();
    expect(await waiting).toBe(20);
  });

  it("keeps to the batch size and the number of lanes", async () => {
    const { submit, batches, releaseAll } = gatedBatcher({ maxBatch: 2, lanes: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => submit(n));
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releaseAll();
    await tick();
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    releaseAll();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it("settles each input with its own result, and fails the whole batch when the run throws", async () => {
    const { submit, releaseAll } = gatedBatcher({ maxBatch: 10, lanes: 1 });
    const ok = submit(1);
    const bad = submit(-1);
    await tick();
    releaseAll();
    expect(await ok).toBe(10);
    await expect(bad).rejects.toThrow("negative -1");

    const failing = createBatcher<number, number>({
      maxBatch: 10,
      lanes: 1,
      run: async () => Promise.reject(new Error("connection lost")),
    });
    const results = await Promise.allSettled([failing(1), failing(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe("connection lost");
  });
});
