import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profesionales, users } from '../../db/schema/index.ts';
import { searchKey } from '../../lib/text.ts';

/** The provider record a registration creates beside its pending user. */
export async function insertForUser(
  db: DbOrTx,
  userId: number,
  values: { nombre: string; razonSocial: string; email: string },
): Promise<number> {
  const [row] = await db
    .insert(profesionales)
    .values({ userId, ...values, busqueda: searchKey(`${values.nombre} ${values.razonSocial}`) })
    .returning({ id: profesionales.id });
  return row!.id;
}

/** The professional's name of a user account, or null for staff accounts. */
export async function findNombreByUserId(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ nombre: profesionales.nombre })
    .from(profesionales)
    .where(eq(profesionales.userId, userId));
  return row?.nombre ?? null;
}

/** Providers whose account still awaits approval, oldest request first. */
export function findPendingRequests(db: DbOrTx) {
  return db
    .select({
      id: profesionales.id,
      nombre: profesionales.nombre,
      razonSocial: profesionales.razonSocial,
      email: users.email,
      createdAt: users.createdAt,
      userId: users.id,
    })
    .from(users)
    .innerJoin(profesionales, eq(profesionales.userId, users.id))
    .where(eq(users.status, 'pending'))
    .orderBy(asc(users.createdAt), asc(users.id));
}
