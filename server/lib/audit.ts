import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  userId?: string;
  supplierId?: string;
  certificateId?: string;
  subjectUserId?: string;
  details?: Record<string, unknown>;
}

/** The audit log's row of an entry, for a statement that writes it along with other rows. */
export const auditRow = (entry: AuditEntry, at: Date): typeof auditLog.$inferInsert => ({ ...entry, createdAt: at });

/** Who did what to money or access, kept in the database beside the change. */
export async function audit(db: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry, at));
}
