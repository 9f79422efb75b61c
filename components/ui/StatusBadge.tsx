// A status in words with its colour (lib/kernel/wording.ts); the code stays in
// data-status for scripts and tests that tell the cases apart.
import { statusWord } from "@/lib/kernel/wording";

export function StatusBadge({ status, testId }: { status: string | null | undefined; testId?: string }) {
  const word = statusWord(status);
  return (
    <span className={`badge badge-${word.tone}`} data-status={status ?? undefined} data-testid={testId}>
      {word.text}
    </span>
  );
}
