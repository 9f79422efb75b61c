import { BffError } from "@/lib/bff/client";
import { errorWords } from "@/lib/kernel/wording";

/** A failed server-side read, explained on the page instead of a crash. */
export function ErrorNotice({ error, what }: { error: unknown; what: string }) {
  const message =
    error instanceof BffError
      ? error.fromApi
        ? (errorWords(error.code) ?? "The server did not answer as expected.")
        : error.reason
      : "The server did not answer as expected.";
  return (
    <div role="alert" className="alert alert-error">
      Could not load {what}: {message} Reload the page to try again.
    </div>
  );
}
