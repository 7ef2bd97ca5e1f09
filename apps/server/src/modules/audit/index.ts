export { latestAuditEntries, recordAudit } from './audit-trail';
export { auditRoutes } from './routes';
