// ESLint 9 flat config: typescript-eslint, React hooks and Next.js rules over
// the app, the libraries, the scripts and the tests (`npm run lint`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import nextPlugin from "@next/eslint-plugin-next";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "public/vendor/**",
      ".next/**",
      ".data/**",
      "lib/db/generated/**",
      "dist/**",
      "node_modules/**",
      "bench/api/.prism/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/browser/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    // The two classic hook rules. The plugin's v7 "recommended" adds the React
    // Compiler's diagnostics (set-state-in-effect, error-boundaries ...); the
    // app does not run the compiler, and its server pages deliberately build
    // JSX inside try so a failed API read renders <ErrorNotice>.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ...nextPlugin.configs["core-web-vitals"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Prettier wraps code at 120 columns but not comments or strings: comments and strings must fit too
      // (split a long literal into a concatenation: scripts/codemods/wrap-long-strings.mjs). Allowed: a URL, a
      // regular expression, and a test's title on the line that opens the test (split, Prettier would re-indent
      // the whole test body).
      "max-len": [
        "error",
        {
          code: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignorePattern: "^\\s*(it|test|describe)(\\.\\w+)*\\(",
        },
      ],
    },
  },
  {
    // The domain and everything below it speak the spec, not HTTP: they throw the
    // kernel's DomainError with typed hints (retryAfterSeconds, authChallenge);
    // lib/api/errors.ts alone turns a code into a status and headers.
    files: [
      "lib/kernel/**/*.ts",
      "lib/{domain,ledger,jobs,webhooks,db,security,sandbox,crypto}/**/*.ts",
      "lib/{ids,clock,env,log}.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)api/errors$",
              message: "HTTP statuses and headers belong to lib/api; throw DomainError from lib/kernel/errors.",
            },
            {
              regex: "(^|/)signed-retry-headers$",
              message: "The signed retry's header names are HTTP: lib/api reads them into a SignedCall.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Identifier[name=/^(ApiError|ERROR_STATUS)$/]",
          message: "Below lib/api, throw DomainError (lib/kernel/errors.ts); lib/api maps codes to HTTP statuses.",
        },
        {
          selector: "Literal[value=/^(retry-after|www-authenticate)$/i]",
          message: "No HTTP headers below lib/api: give DomainError a retryAfterSeconds or authChallenge hint.",
        },
      ],
    },
  },
  {
    // Test and benchmark clients (and the harness and CLI for platform developers) read arbitrary JSON bodies.
    files: ["tests/**", "e2e/**", "bench/**", "lib/testing/**", "lib/cli/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
