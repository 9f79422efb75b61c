// GET /invitations/{invitationCode} – one invitation
import { routeHandlers } from "@/lib/api/next";
import { getInvitationOperation } from "@/lib/domain/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getInvitationOperation);
