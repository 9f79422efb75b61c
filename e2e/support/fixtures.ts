// Playwright fixtures: staff and customers are created and signed in through
// the APIs (operator API, next-auth's credentials endpoint), not the UI, so each
// spec starts on the page it tests.
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { randomUUID } from "node:crypto";

export const env = {
  api: () => process.env.MERIDIAN_E2E_API!,
  origin: () => process.env.MERIDIAN_E2E_ORIGIN!,
  operatorToken: () => process.env.MERIDIAN_E2E_OPERATOR_TOKEN!,
  basic: () =>
    `Basic ${Buffer.from(`${process.env.MERIDIAN_E2E_CLIENT_ID}:${process.env.MERIDIAN_E2E_CLIENT_SECRET}`).toString(
      "base64",
    )}`,
};

export interface StaffAccount {
  email: string;
  password: string;
  role: "viewer" | "operator";
}

export async function createStaff(request: APIRequestContext, role: StaffAccount["role"]): Promise<StaffAccount> {
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.example`;
  const password = `pw-${randomUUID()}`;
  const res = await request.post(`${new URL(env.api()).origin}/api/operator/staff`, {
    headers: { authorization: `Bearer ${env.operatorToken()}` },
    data: { email, name: `${role[0].toUpperCase()}${role.slice(1)} ${email.slice(-16, -14)}`, role, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password, role };
}

/** Signs the page's browser context in as staff through next-auth's credentials endpoint. */
export async function signInStaff(page: Page, staff: StaffAccount): Promise<void> {
  const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/staff", {
    form: { csrfToken: csrf.csrfToken, email: staff.email, password: staff.password, json: "true" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Platform API call with the sandbox platform's credentials (the same platform the BFF serves). */
export async function platformApi<T = any>(
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await request.fetch(`${env.api()}${path}`, { method, headers: { authorization: env.basic() }, data });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

export const test = base.extend<{ operator: StaffAccount; viewer: StaffAccount }>({
  operator: async ({ request }, use) => use(await createStaff(request, "operator")),
  viewer: async ({ request }, use) => use(await createStaff(request, "viewer")),
});
export { expect };
