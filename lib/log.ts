// Structured JSON logs. Redaction is a safety net; the rule is that secrets,
// tokens, OTP codes, keys and card numbers are never passed to the logger.
import pino from "pino";
import { env } from "./env";

const REDACT = [
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.clientSecret",
  "clientSecret",
  "*.secret",
  "*.password",
  "*.otp",
  "*.otpCode",
  "*.pan",
  "*.cvv",
  "*.privateKey",
  "*.encryptedSessionSigningKey",
  "*.accessToken",
];

const globalForLog = globalThis as unknown as { __meridianLog?: pino.Logger };

export const log: pino.Logger =
  globalForLog.__meridianLog ??
  (globalForLog.__meridianLog = pino({
    level: env().LOG_LEVEL,
    base: { service: "meridian" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  }));
