"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { STAFF_SIGNIN_RATE_LIMITED } from "@/lib/kernel/staff-signin-errors";
import { signInWith } from "@/lib/browser/sign-in";

export function StaffSignInForm() {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await signInWith("staff", { email, password });
      if (res?.error === STAFF_SIGNIN_RATE_LIMITED) {
        return {
          ok: false,
          message:
            "Too many unsuccessful sign-in attempts. For your security, sign-in is " +
            "paused for a few minutes; wait, then try again.",
        };
      }
      if (!res?.ok)
        return {
          ok: false,
          message:
            "That email and password do not match a staff account. Check them, or ask " +
            "an operator to create your account.",
        };
      router.push("/admin");
      router.refresh();
      return "Signed in.";
    });
  };

  return (
    <form onSubmit={submit} className="card form" aria-describedby="signin-status">
      <label>
        Email
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <div id="signin-status">
        <Status state={state} pendingText="Checking your credentials…" />
      </div>
    </form>
  );
}
