"use client";
// One state machine for every button or form that calls the BFF: idle →
// pending (controls disabled, busy announced) → done or error (message shown
// in a live region).
import { useCallback, useState } from "react";

export type ActionState =
  | { status: "idle" }
  | { status: "pending" }
  | { status: "done"; message: string }
  | { status: "error"; message: string };

export function useAction() {
  const [state, setState] = useState<ActionState>({ status: "idle" });
  const run = useCallback(async (fn: () => Promise<{ ok: boolean; message: string } | string | void>) => {
    setState({ status: "pending" });
    try {
      const r = await fn();
      if (r && typeof r === "object" && !r.ok) setState({ status: "error", message: r.message });
      else setState({ status: "done", message: typeof r === "string" ? r : r ? r.message : "" });
    } catch (err) {
      setState({ status: "error", message: err instanceof Error ? err.message : "Something went wrong. Try again." });
    }
  }, []);
  return { state, run, pending: state.status === "pending", setState };
}
