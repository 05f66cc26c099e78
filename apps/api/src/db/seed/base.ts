import {
  ALL_PERMISSIONS,
  DEFAULT_ROLES,
  GUARDIAS,
  PERMISSION_DESCRIPTIONS,
  ROLE_NAMES,
} from '@red-dental/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Db } from '../client.ts';
import {
  appSettings,
  especialidades,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../schema/index.ts';

/** The usual dental specialties in Argentina, which every network starts with (GUARDIAS apart). */
export const DEFAULT_ESPECIALIDADES = [
  'Odontología general',
  'Ortodoncia',
  'Endodoncia',
  'Periodoncia',
  'Odontopediatría',
  'Cirugía y traumatología bucomaxilofacial',
  'Prótesis',
  'Implantología',
  'Radiología bucomaxilofacial',
  'Estética dental',
] as const;

/** Set once the default specialties were given: from then on the catalogue is the staff's. */
const ESPECIALIDADES_SEEDED = 'seed.especialidades';

/**
 * What every deployment starts with, idempotently: the permission catalogue,
 * the three default roles, the GUARDIAS specialty the profile screens rely on
 * and, once, the usual specialties. A restart adds what is missing and never
 * removes what staff changed; a default specialty staff deleted stays deleted.
 */
export async function seedCatalogue(db: Db) {
  await db.insert(especialidades).values({ nombre: GUARDIAS }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    // A second instance starting at once waits on this row, then finds it and does nothing.
    const [first] = await tx
      .insert(appSettings)
      .values({ key: ESPECIALIDADES_SEEDED, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!first) return;
    // A name already there in another case ('Ortodoncia', 'ORTODONCIA') is the same specialty.
    await tx
      .insert(especialidades)
      .values(DEFAULT_ESPECIALIDADES.map((nombre) => ({ nombre })))
      .onConflictDoNothing();
  });
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })))
    .onConflictDoUpdate({ target: permissions.name, set: { description: sql`excluded.description` } });

  const inserted = await db
    .insert(roles)
    .values(Object.keys(DEFAULT_ROLES).map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
  // Only roles created just now get their default permissions; existing roles keep what staff gave
  // them. ADMINISTRADOR is the exception: nobody can change it, and it holds every permission there
  // is, so one added in a later version reaches it at the next start.
  const [administrador] = await db.select().from(roles).where(eq(roles.name, ROLE_NAMES.ADMINISTRADOR));
  const granted = [...inserted.filter((role) => role.id !== administrador?.id)];
  if (administrador) granted.push(administrador);
  const catalogue = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.name, [...ALL_PERMISSIONS]));
  const idOf = new Map(catalogue.map((p) => [p.name, p.id]));
  const values = granted.flatMap((role) =>
    DEFAULT_ROLES[role.name as keyof typeof DEFAULT_ROLES].map((p) => ({
      roleId: role.id,
      permissionId: idOf.get(p)!,
    })),
  );
  if (values.length) await db.insert(rolePermissions).values(values).onConflictDoNothing();
}

export class MissingAdminPasswordError extends Error {}

/**
 * Creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when no user
 * exists yet. Outside the embedded demo there is no default password: an empty
 * database without ADMIN_PASSWORD cannot start.
 */
export async function seedFirstAdmin(db: Db, config: Config): Promise<boolean> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  if (n > 0) return false;
  if (!config.admin.password)
    throw new MissingAdminPasswordError(
      'La base de datos está vacía y falta ADMIN_PASSWORD: defina ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador.',
    );
  const passwordHash = await hashPassword(config.admin.password);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email: config.admin.email, passwordHash, status: 'active', emailConfirmedAt: new Date() })
      .returning();
    const [role] = await tx.select().from(roles).where(eq(roles.name, ROLE_NAMES.ADMINISTRADOR));
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: role!.id });
  });
  return true;
}
