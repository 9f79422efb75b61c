"use client";
// A button that makes one BFF call and refreshes the page's server data.
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { useAction } from "./useAction";
import { Status } from "./Status";

export function ActionButton(props: {
  label: string;
  pendingLabel?: string;
  method: "POST" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  doneMessage?: string;
  variant?: "primary" | "secondary" | "danger";
  /** Accessible name when the visible label is ambiguous in a list (e.g. "Retry" per row). */
  ariaLabel?: string;
}) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  return (
    <span className="inline-action">
      <button
        type="button"
        className={
          props.variant === "danger" ? "button-danger" : props.variant === "secondary" ? "button-secondary" : undefined
        }
        disabled={pending}
        aria-busy={pending}
        aria-label={props.ariaLabel}
        onClick={() =>
          run(async () => {
            const r = await bff(props.method, props.path, props.body);
            if (r.ok) router.refresh();
            return r.ok ? { ok: true, message: props.doneMessage ?? "Done." } : r;
          })
        }
      >
        {pending ? (props.pendingLabel ?? "Working…") : props.label}
      </button>
      <Status state={state} inline />
    </span>
  );
}
