// POST /invitations – create an invitation
import { routeHandlers } from "@/lib/api/next";
import { createInvitationOperation } from "@/lib/domain/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createInvitationOperation);
