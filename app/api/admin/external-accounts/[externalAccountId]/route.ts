// DELETE /api/admin/external-accounts/{id}[?owner=platform] – an operator
// deletes a customer's (default) or the platform's external account.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { withAdvice } from "@/lib/bff/admin/api-errors";

export const DELETE = route({ audience: "staff", operator: true }, async ({ request, params }) => {
  const base =
    new URL(request.url).searchParams.get("owner") === "platform"
      ? "/platform/external-accounts"
      : "/customers/external-accounts";
  await withAdvice(() => api.delete(`${base}/${encodeURIComponent(String(params.externalAccountId))}`));
  return json(204);
});
