import { errorWords } from "@/lib/kernel/wording";

const FALLBACK = "The server did not answer as expected.";

/** A failed server-side read, explained on the page instead of a crash. */
export function ErrorNotice({ error, what }: { error: unknown; what: string }) {
  // A BffError (lib/bff/client.ts) carries text for people in `reason`; a refusal that came from
  // the API carries its code instead, worded here.
  const e = error as { reason?: unknown; code?: unknown; fromApi?: unknown } | null;
  const message =
    e?.fromApi === true && typeof e.code === "string"
      ? (errorWords(e.code) ?? FALLBACK)
      : typeof e?.reason === "string"
        ? e.reason
        : FALLBACK;
  return (
    <div role="alert" className="alert alert-error">
      Could not load {what}: {message} Reload the page to try again.
    </div>
  );
}
