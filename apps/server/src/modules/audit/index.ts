export { latestAuditEntries, recordAudit, recordAudits } from './audit-trail';
export { auditRoutes } from './routes';
