// The End User Terms customers accept (GET /customers/end-user-terms). A
// consent naming any other version is refused with END_USER_TERMS_VERSION_NOT_FOUND.
import "server-only";
import { DomainError } from "../../kernel/errors";

export const END_USER_TERMS = { version: "V1", url: "https://meridian.example/legal/end-user-terms/v1" } as const;
export const SUPPORTED_TERMS_VERSIONS = new Set<string>([END_USER_TERMS.version]);

export function assertKnownTermsVersion(consent: { termsVersion: string } | undefined): void {
  if (consent && !SUPPORTED_TERMS_VERSIONS.has(consent.termsVersion)) {
    throw new DomainError(
      "END_USER_TERMS_VERSION_NOT_FOUND",
      `End User Terms version ${consent.termsVersion} does not exist; the current version is ${END_USER_TERMS.version}`,
      {
        errors: [
          { field: "endUserTermsConsent.termsVersion", constraint: "ENUM", message: `Use ${END_USER_TERMS.version}` },
        ],
      },
    );
  }
}
