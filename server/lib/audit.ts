import type { AuditAction } from '@contract/audit';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: AuditAction;
  userId?: string;
  supplierId?: string;
  certificateId?: string;
  subjectUserId?: string;
  /** The company's API key that acted (decision 093). */
  apiKeyId?: string;
  details?: Record<string, unknown>;
}

/** The insert of an entry, also for a statement that writes it along with other rows (a `WITH` part). */
export const auditInsert = (db: Executor, entry: AuditEntry, at: Date) =>
  db
    .insert(auditLog)
    .values({ ...entry, createdAt: at })
    .returning({ id: auditLog.id });

/** Who did what to money or access, kept in the database beside the change. */
export async function audit(db: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await auditInsert(db, entry, at);
}
