// POST /invitations/{invitationCode}/cancel – cancel an invitation
import { routeHandlers } from "@/lib/api/next";
import { cancelInvitationOperation } from "@/lib/domain/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cancelInvitationOperation);
