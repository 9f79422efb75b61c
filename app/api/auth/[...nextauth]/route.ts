// GET|POST /api/auth/* – next-auth (web sessions for staff and customers). An unreachable database during a
// sign-in (the credentials providers read it) answers 503 with Retry-After, as every web route does.
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/bff/auth/options";
import { outageAware } from "@/lib/bff/route";

const handler = outageAware(
  (request: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> =>
    NextAuth(request as never, ctx as never, authOptions()),
);

export { handler as GET, handler as POST };
