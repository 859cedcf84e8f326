/** The audit log as people read it (issue 33); entries are written beside each change by server/lib/audit.ts. */
export { auditRoutes, staffAuditRoutes } from './routes';
