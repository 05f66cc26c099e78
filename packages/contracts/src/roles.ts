import { z } from 'zod';
import { boundedString } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { ALL_PERMISSIONS, type PermissionName } from './permissions.ts';

const M = MESSAGES.roles;

// ---------------------------------------------------------------------------
// Roles, with the permissions each grants, and the permission catalogue
// ---------------------------------------------------------------------------

const permissionNameSchema = z.enum(ALL_PERMISSIONS as [PermissionName, ...PermissionName[]], {
  error: M.ROLE_PERMISSION_UNKNOWN,
});

/** GET /api/roles: each role with its permissions and how many accounts hold it. */
export const rolSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(permissionNameSchema),
  usuarios: z.number().int(),
  /** ADMINISTRADOR, ADMINISTRATIVO and PRESTADOR: kept by name; ADMINISTRADOR keeps every permission. */
  predeterminado: z.boolean(),
});
export type Rol = z.infer<typeof rolSchema>;

/** POST /api/roles and PUT /api/roles/{id}: upper-case names, like the default roles. */
export const rolInputSchema = z.object({
  name: boundedString(60)
    .min(1, M.ROLE_NAME_REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[\p{Lu}\d _-]+$/u, M.ROLE_NAME_INVALID)),
  permissions: z.array(permissionNameSchema).max(ALL_PERMISSIONS.length),
});
export type RolInput = z.input<typeof rolInputSchema>;

/** An entry of GET /api/permisos. */
export const permisoSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type Permiso = z.infer<typeof permisoSchema>;
