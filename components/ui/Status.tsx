"use client";
// The outcome of an action, announced politely (success) or assertively (error).
import type { ActionState } from "./useAction";

export function Status({ state, pendingText = "Working…" }: { state: ActionState; pendingText?: string }) {
  if (state.status === "error") {
    return (
      <p role="alert" className="alert alert-error">
        {state.message}
      </p>
    );
  }
  return (
    <p role="status" className={state.status === "done" && state.message ? "alert alert-ok" : "status-line"}>
      {state.status === "pending" ? pendingText : state.status === "done" ? state.message : ""}
    </p>
  );
}
