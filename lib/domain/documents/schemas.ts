// Documents: multipart fields arrive as strings (and the file as a File).
import "server-only";
import { z } from "zod";
import { PaginationQuery } from "../../kernel/pagination";
import { CountryCode } from "../common/schemas";

export const DocumentType = z.enum([
  "PASSPORT",
  "DRIVERS_LICENSE",
  "NATIONAL_ID",
  "PROOF_OF_ADDRESS",
  "BANK_STATEMENT",
  "TAX_RETURN",
  "CERTIFICATE_OF_INCORPORATION",
  "ARTICLES_OF_INCORPORATION",
  "ARTICLES_OF_ASSOCIATION",
  "STATE_REGISTRY_EXCERPT",
  "GOOD_STANDING_CERTIFICATE",
  "INFORMATION_STATEMENT",
  "INCUMBENCY_CERTIFICATE",
  "BUSINESS_LICENSE",
  "SHAREHOLDER_REGISTER",
  "POWER_OF_ATTORNEY",
  "UTILITY_BILL",
  "ELECTRICITY_BILL",
  "RENT_OR_LEASE_AGREEMENT",
  "DIRECTOR_REGISTRY",
  "TRUST_AGREEMENT",
  "STATE_COMPANY_REGISTRY",
  "PARTNERSHIP_CONTROL_AGREEMENT",
  "PARTNERSHIP_AGREEMENT",
  "SELFIE",
  "OTHER",
]);

const UploadedFile = z.custom<File>(
  (v) => typeof Blob !== "undefined" && v instanceof Blob,
  "Attach the file as a multipart file part",
);

export const DocumentHolderId = z
  .string()
  .regex(/^(Customer|BeneficialOwner):[0-9a-fA-F-]{36}$/, "Expected a Customer or BeneficialOwner id");

const DocumentFields = {
  file: UploadedFile,
  documentType: DocumentType,
  side: z.enum(["FRONT", "BACK"]).optional(),
  country: CountryCode,
  documentNumber: z.string().trim().min(1).max(64).optional(),
  issuingAuthority: z.string().trim().min(1).max(255).optional(),
};

export const DocumentUpload = z.object({ ...DocumentFields, documentHolder: DocumentHolderId });
export type DocumentUpload = z.infer<typeof DocumentUpload>;
export const DocumentReplace = z.object(DocumentFields);
export type DocumentReplace = z.infer<typeof DocumentReplace>;

export const DocumentListQuery = PaginationQuery.extend({ documentHolder: DocumentHolderId.optional() });

/**
 * The reference's Document, exactly as serializeDocument writes it; contentType and sizeBytes are Meridian's (the
 * stored file's media type and size, shown by the admin console).
 */
export const DocumentResponse = z.strictObject({
  id: z.string(),
  documentHolder: z.string(),
  documentType: DocumentType,
  side: z.enum(["FRONT", "BACK"]).optional(),
  country: z.string(),
  documentNumber: z.string().optional(),
  issuingAuthority: z.string().optional(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
