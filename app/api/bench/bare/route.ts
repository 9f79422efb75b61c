// GET /api/bench/bare – a bare Next.js route handler returning constant JSON:
// the baseline bench/http compares the API against. No auth, no database.
export function GET(): Response {
  return Response.json({ ok: true });
}
