// POST /invitations/{invitationCode}/claim – claim an invitation
import { routeHandlers } from "@/lib/api/next";
import { claimInvitationOperation } from "@/lib/api/operations/invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(claimInvitationOperation);
