// POST /invitations/{invitationCode}/cancel – cancel an invitation
import { routeHandlers } from "@/lib/api/next";
import { cancelInvitationOperation } from "@/lib/api/operations/invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cancelInvitationOperation);
