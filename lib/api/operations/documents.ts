// Documents: the operations of the reference's "Documents" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { db } from "../../db/client";
import {
  uploadDocument,
  listDocuments,
  getDocument,
  replaceDocument,
  deleteDocument,
} from "../../domain/documents/documents";
import { DocumentUpload, DocumentResponse, DocumentListQuery, DocumentReplace } from "../../domain/documents/schemas";
import { pageSchema } from "../../kernel/pagination";

const TAG = "Documents";

const DocumentParams = z.object({ documentId: z.string() });

// POST /documents – upload (multipart/form-data)
export const uploadDocumentOperation = defineOperation({
  operationId: "uploadDocument",
  method: "POST",
  path: "/documents",
  summary: "Upload a document",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  bodyKind: "multipart",
  body: DocumentUpload,
  responses: { 201: { description: "The document", schema: DocumentResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await uploadDocument(db(), ctx.platformId, body) }),
});

// GET /documents
export const listDocumentsOperation = defineOperation({
  operationId: "listDocuments",
  method: "GET",
  path: "/documents",
  summary: "List documents",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: DocumentListQuery,
  responses: { 200: { description: "A page of documents", schema: pageSchema(DocumentResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listDocuments(db(), ctx.platformId, query) }),
});

// GET /documents/{documentId}
export const getDocumentOperation = defineOperation({
  operationId: "getDocument",
  method: "GET",
  path: "/documents/{documentId}",
  summary: "Get a document",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  params: DocumentParams,
  responses: { 200: { description: "The document", schema: DocumentResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getDocument(db(), ctx.platformId, params.documentId),
  }),
});

// PUT /documents/{documentId} – replace (multipart/form-data)
export const replaceDocumentOperation = defineOperation({
  operationId: "replaceDocument",
  method: "PUT",
  path: "/documents/{documentId}",
  summary: "Replace a document",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: DocumentParams,
  bodyKind: "multipart",
  body: DocumentReplace,
  responses: { 200: { description: "The document", schema: DocumentResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await replaceDocument(db(), ctx.platformId, params.documentId, body),
  }),
});

// DELETE /documents/{documentId}
export const deleteDocumentOperation = defineOperation({
  operationId: "deleteDocument",
  method: "DELETE",
  path: "/documents/{documentId}",
  summary: "Delete a document",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: DocumentParams,
  responses: { 204: { description: "Deleted" }, ...ErrorResponses },
  handle: async ({ ctx, params }) => {
    await deleteDocument(db(), ctx.platformId, params.documentId);
    return { status: 204 };
  },
});

export const documentsOperations = [
  uploadDocumentOperation,
  listDocumentsOperation,
  getDocumentOperation,
  replaceDocumentOperation,
  deleteDocumentOperation,
];
