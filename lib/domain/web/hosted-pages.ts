// What the hosted pages' routes (/kyc/<token>, /verify/liveness/<token>) may do:
// the link token in the path is the only authority, so every function takes it
// first. Bodies are validated by the functions behind these.
import "server-only";
import { db } from "../../db/client";
import {
  addKycOwner,
  kycLinkState,
  submitKycLink,
  updateKycDetails,
  uploadKycDocument,
} from "../verifications/kyc-link";
import { completeLiveness, livenessState } from "../external-accounts/liveness";

export const hostedKyc = {
  state: (token: string) => kycLinkState(db(), token),
  updateDetails: (token: string, body: unknown) => updateKycDetails(db(), token, body),
  addOwner: (token: string, body: unknown) => addKycOwner(db(), token, body),
  uploadDocument: (token: string, body: unknown) => uploadKycDocument(db(), token, body),
  submit: (token: string) => submitKycLink(db(), token),
};

export const hostedLiveness = {
  state: (token: string) => livenessState(db(), token),
  complete: (token: string, outcome: "PASS" | "FAIL") => completeLiveness(db(), token, outcome),
};
