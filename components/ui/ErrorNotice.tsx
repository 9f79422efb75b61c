/** A failed server-side read, explained on the page instead of a crash. */
export function ErrorNotice({ error, what }: { error: unknown; what: string }) {
  // A BffError (lib/bff/client.ts) carries text for people in `reason`.
  const reason = (error as { reason?: unknown } | null)?.reason;
  const message = typeof reason === "string" ? reason : "The server did not answer as expected.";
  return (
    <div role="alert" className="alert alert-error">
      Could not load {what}: {message} Reload the page to try again.
    </div>
  );
}
