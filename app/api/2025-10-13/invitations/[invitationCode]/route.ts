// GET /invitations/{invitationCode} – one invitation
import { routeHandlers } from "@/lib/api/next";
import { getInvitationOperation } from "@/lib/api/operations/invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getInvitationOperation);
