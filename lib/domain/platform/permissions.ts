// API token permissions (reference: VIEW, TRANSACT, MANAGE). Each operation
// names the one it needs: reads need VIEW, money movement TRANSACT, and
// configuration and resource management MANAGE.
export const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
export type Permission = (typeof PERMISSIONS)[number];
