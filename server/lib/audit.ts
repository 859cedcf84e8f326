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

/** Who did what to money or access, kept in the database beside the change. */
export async function audit(db: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({ ...entry, createdAt: at });
}
