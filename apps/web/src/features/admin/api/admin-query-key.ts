/**
 * Every admin query starts with this key, so a change made by an admin (a product edited, a user banned,
 * a rating hidden) refreshes the dashboard, the tables and the audit trail at once.
 */
export const adminQueryKey = ['admin'] as const;
