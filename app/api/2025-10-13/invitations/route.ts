// POST /invitations – create an invitation
import { routeHandlers } from "@/lib/api/next";
import { createInvitationOperation } from "@/lib/api/operations/invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createInvitationOperation);
