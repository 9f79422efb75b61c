"use client";
// The outcome of an action, announced politely (success) or assertively (error).
import type { ActionState } from "./useAction";

export function Status({
  state,
  pendingText = "Working…",
  inline = false,
}: {
  state: ActionState;
  pendingText?: string;
  /** Inside phrasing content (a button's span, a paragraph): a span; a <p> there breaks the HTML and hydration. */
  inline?: boolean;
}) {
  const Line = inline ? "span" : "p";
  if (state.status === "error") {
    return (
      <Line role="alert" className="alert alert-error">
        {state.message}
      </Line>
    );
  }
  return (
    <Line role="status" className={state.status === "done" && state.message ? "alert alert-ok" : "status-line"}>
      {state.status === "pending" ? pendingText : state.status === "done" ? state.message : ""}
    </Line>
  );
}
