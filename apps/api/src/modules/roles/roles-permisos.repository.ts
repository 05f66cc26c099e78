import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { permissions } from '../../db/schema/index.ts';

export function findAll(db: DbOrTx) {
  return db.select().from(permissions).orderBy(asc(permissions.name));
}
