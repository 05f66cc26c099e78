import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface Actor {
  id: number;
  email: string;
}

export interface AuditEntry {
  /** `consult`: a read of health data that must be accounted for (a coverage check). */
  action: 'create' | 'update' | 'delete' | 'approve' | 'reject' | 'import' | 'consult';
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
}

/** Records a staff write; call it inside the write's transaction so both land or neither does. */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorLabel: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? null,
  });
}
