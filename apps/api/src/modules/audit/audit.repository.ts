import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface Actor {
  id: number;
  email: string;
  /** The client's address as the server trusted it. */
  address: string;
}

export interface AuditEntry {
  /**
   * `consult`: a dentist's coverage check; `search` and `read`: staff looking
   * through or into affiliates' records. Reads of personal data are accounted
   * for like writes.
   */
  action: 'create' | 'update' | 'delete' | 'approve' | 'reject' | 'import' | 'consult' | 'search' | 'read';
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
}

/** Records who did what from where; call it inside a write's transaction so both land or neither does. */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorLabel: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? null,
    address: actor.address,
  });
}
