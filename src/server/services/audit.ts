/**
 * The audit log: who did what to whom, by id only.
 */
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export async function audit(
  db: Db,
  entry: {
    at: Date;
    actorId: string | null;
    subjectId: string | null;
    action: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}
