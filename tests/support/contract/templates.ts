// Request path → OpenAPI path template, as the API router matches them (lib/api/node.ts): the same number of
// segments, each literal segment equal to the one sent, a `{param}` segment matching any; among several matches
// the one whose literal segments come first wins (/agents/me before /agents/{agentId}). The one home of this rule
// for the contract harness: the reference operations (./reference.ts), the served ones (./served.ts) and the
// legacy-path check of ./recorder.ts all match through it.

const isParam = (segment: string) => /^\{.+\}$/.test(segment);

/**
 * How specifically `template` matches `path`: one digit per segment, 1 for a literal, 0 for a `{param}`, so a
 * greater score (compared as strings of equal length) is a more literal match; null when it does not match.
 */
export function templateScore(template: string, path: string): string | null {
  const tpl = template.split("/").filter(Boolean);
  const segs = path.split("/").filter(Boolean);
  if (tpl.length !== segs.length) return null;
  let score = "";
  for (let i = 0; i < tpl.length; i++) {
    if (isParam(tpl[i])) score += "0";
    else if (tpl[i] === segs[i]) score += "1";
    else return null;
  }
  return score;
}

/** The entry of `operations` a request goes to: same method, the most literal matching template. */
export function matchTemplate<T extends { method: string; path: string }>(
  operations: Iterable<T>,
  method: string,
  path: string,
): { operation: T; score: string } | undefined {
  const wanted = method.toUpperCase();
  let best: { operation: T; score: string } | undefined;
  for (const operation of operations) {
    if (operation.method !== wanted) continue;
    const score = templateScore(operation.path, path);
    if (score !== null && (!best || score > best.score)) best = { operation, score };
  }
  return best;
}
