import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../../lib/kernel/errors";
import {
  ERROR_WORDS,
  errorWords,
  externalAccountName,
  fieldWords,
  requirementWords,
  statusWord,
  typeWord,
} from "../../../../lib/kernel/wording";

describe("the table of words for codes", () => {
  it("has words for every error code the API can return, none of them a code", () => {
    for (const code of [...ERROR_CODES]) {
      const words = errorWords(code);
      expect(words, code).toBeTruthy();
      expect(words).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
      expect(words).not.toMatch(/PATCH|POST|GET \//);
    }
    expect(Object.keys(ERROR_WORDS).sort()).toEqual([...ERROR_CODES].sort());
    expect(errorWords("NO_SUCH_CODE")).toBeUndefined();
  });

  it("names statuses and types in words, with a tone for the badge", () => {
    expect(statusWord("APPROVED")).toEqual({ text: "Verified", tone: "ok" });
    expect(statusWord(undefined).text).toBe("Not verified");
    expect(statusWord("PENDING_AUTHORIZATION").text).toBe("Waiting for authorization");
    expect(statusWord("SOMETHING_NEW")).toEqual({ text: "Something new", tone: "neutral" });
    expect(typeWord("EMAIL_OTP")).toBe("Email code");
    expect(typeWord("USD_ACCOUNT")).toBe("USD bank account");
    expect(typeWord("SPARK_WALLET")).toBe("Spark wallet");
    expect(typeWord("BASE_WALLET")).toBe("Base wallet");
  });

  it("turns zod's field messages into the user's words", () => {
    expect(fieldWords({ constraint: "MIN_LENGTH", message: "Too small: expected string to have >=9 characters" })).toBe(
      "Too short: enter at least 9 characters.",
    );
    expect(fieldWords({ constraint: "REQUIRED", message: "Required" })).toBe("Fill this in.");
    expect(fieldWords({ constraint: "INVALID", message: "Invalid input" })).toBe("Check this value.");
    expect(fieldWords({ constraint: "INVALID", message: "The amount exceeds the balance" })).toBe(
      "The amount exceeds the balance",
    );
  });

  it("names an external account by holder and masked number", () => {
    expect(
      externalAccountName({
        accountType: "USD_ACCOUNT",
        accountNumber: "123456787781",
        beneficiary: { fullName: "Rita Receiver" },
      }),
    ).toBe("Rita Receiver, USD bank account ••7781");
  });

  it("says what a verification still needs without the API's codes or operations", () => {
    const cases = [
      { type: "MISSING_FIELD", field: "personalInfo.birthDate" },
      { type: "INVALID_FIELD", field: "email" },
      { type: "MISSING_IDENTITY_DOCUMENT", acceptedDocumentTypes: ["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"] },
      { type: "MISSING_LEGAL_PRESENCE_DOCUMENT", acceptedDocumentTypes: ["CERTIFICATE_OF_INCORPORATION"] },
      { type: "MISSING_BENEFICIAL_OWNER" },
      { type: "SOMETHING_NEW" },
    ];
    const words = cases.map((c) => requirementWords(c));
    expect(words).toEqual([
      "Fill in the date of birth.",
      "Confirm your email address with the code we sent you.",
      "Upload an identity document: passport, driving licence or national id card.",
      "Upload a document that shows the business exists: certificate of incorporation.",
      "Add at least one beneficial owner.",
      "Still needed: something new.",
    ]);
    for (const w of words) expect(w).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|POST|GET \//);
    expect(typeWord("NON_US_TAX_ID")).toBe("Tax number (outside the US)");
  });
});
