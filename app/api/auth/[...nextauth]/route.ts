// GET|POST /api/auth/* – next-auth (web sessions for staff and customers).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/bff/auth/options";

function handler(request: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(request as never, ctx as never, authOptions());
}

export { handler as GET, handler as POST };
