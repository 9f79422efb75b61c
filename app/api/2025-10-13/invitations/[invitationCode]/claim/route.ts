// POST /invitations/{invitationCode}/claim – claim an invitation
import { routeHandlers } from "@/lib/api/next";
import { claimInvitationOperation } from "@/lib/domain/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(claimInvitationOperation);
