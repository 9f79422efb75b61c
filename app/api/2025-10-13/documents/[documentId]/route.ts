// GET, PUT, DELETE /documents/{documentId}
import { routeHandlers } from "@/lib/api/next";
import {
  getDocumentOperation,
  replaceDocumentOperation,
  deleteDocumentOperation,
} from "@/lib/api/operations/documents";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  getDocumentOperation,
  replaceDocumentOperation,
  deleteDocumentOperation,
);
