/**
 * Permission catalogue. The dotted names are canonical (they are the ones the
 * screens test); the older notation (GET_PROFESSIONALS, …) maps onto
 * them one to one, see LEGACY_PERMISSION_NAMES.
 */
export const PERMISSIONS = {
  USERS_GET: 'USERS.GET',
  USERS_CREATE: 'USERS.CREATE',
  USERS_UPDATE: 'USERS.UPDATE',
  USERS_DELETE: 'USERS.DELETE',
  USERS_UPDATE_ROLE: 'USERS.UPDATE_ROLE',
  USERS_UPDATE_PASSWORD: 'USERS.UPDATE_PASSWORD',
  ROLES_GET: 'ROLES.GET',
  ROLES_CREATE: 'ROLES.CREATE',
  ROLES_UPDATE: 'ROLES.UPDATE',
  AFILIADOS_GET: 'AFILIADOS.GET',
  AFILIADOS_CREATE: 'AFILIADOS.CREATE',
  AFILIADOS_UPDATE: 'AFILIADOS.UPDATE',
  AFILIADOS_DELETE: 'AFILIADOS.DELETE',
  PROFESSIONALS_GET: 'PROFESSIONALS.GET',
  PROFESSIONALS_UPDATE: 'PROFESSIONALS.UPDATE',
  PROFESSIONALS_DELETE: 'PROFESSIONALS.DELETE',
  PROFESSIONALS_UPDATE_PROFILE: 'PROFESSIONALS.UPDATE_PROFILE',
  PROFESSIONALS_ACCEPT_REQUEST: 'PROFESSIONALS.ACCEPT_REQUEST',
  OBRA_SOCIALES_GET: 'OBRA_SOCIALES.GET',
  OBRA_SOCIALES_CREATE: 'OBRA_SOCIALES.CREATE',
  OBRA_SOCIALES_UPDATE: 'OBRA_SOCIALES.UPDATE',
  OBRA_SOCIALES_DELETE: 'OBRA_SOCIALES.DELETE',
  AUDIT_GET: 'AUDIT.GET',
  NOMENCLADOR_MANAGE: 'NOMENCLADOR.MANAGE',
  PRESTACIONES_VALIDATE: 'PRESTACIONES.VALIDATE',
  PRESTACIONES_AUDIT: 'PRESTACIONES.AUDIT',
  AUTORIZACIONES_DECIDE: 'AUTORIZACIONES.DECIDE',
  LIQUIDACIONES_MANAGE: 'LIQUIDACIONES.MANAGE',
  BACKOFFICE_ACCESS: 'BACKOFFICE_ACCESS',
  MOBILE_ACCESS: 'MOBILE_ACCESS',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(PERMISSIONS);

/** The older notation, mapped onto the canonical names. */
export const LEGACY_PERMISSION_NAMES: Record<string, PermissionName> = {
  GET_USERS: 'USERS.GET',
  CREATE_USER: 'USERS.CREATE',
  UPDATE_USER: 'USERS.UPDATE',
  DELETE_USER: 'USERS.DELETE',
  UPDATE_USER_ROLE: 'USERS.UPDATE_ROLE',
  UPDATE_USER_PASSWORD: 'USERS.UPDATE_PASSWORD',
  GET_ROLES: 'ROLES.GET',
  CREATE_ROLE: 'ROLES.CREATE',
  UPDATE_ROLE: 'ROLES.UPDATE',
  GET_AFILIADO: 'AFILIADOS.GET',
  CREATE_AFILIADO: 'AFILIADOS.CREATE',
  UPDATE_AFILIADO: 'AFILIADOS.UPDATE',
  DELETE_AFILIADO: 'AFILIADOS.DELETE',
  GET_PROFESSIONALS: 'PROFESSIONALS.GET',
  UPDATE_PROFILE: 'PROFESSIONALS.UPDATE_PROFILE',
  ACCEPT_PROFESSIONAL_REQUEST: 'PROFESSIONALS.ACCEPT_REQUEST',
  GET_OBRA_SOCIALES: 'OBRA_SOCIALES.GET',
  CREATE_OBRA_SOCIAL: 'OBRA_SOCIALES.CREATE',
  UPDATE_OBRA_SOCIAL: 'OBRA_SOCIALES.UPDATE',
  DELETE_OBRA_SOCIAL: 'OBRA_SOCIALES.DELETE',
  GET_AUDIT: 'AUDIT.GET',
  BACKOFFICE_ACCESS: 'BACKOFFICE_ACCESS',
  MOBILE_ACCESS: 'MOBILE_ACCESS',
};

export const ROLE_NAMES = {
  ADMINISTRADOR: 'ADMINISTRADOR',
  ADMINISTRATIVO: 'ADMINISTRATIVO',
  PRESTADOR: 'PRESTADOR',
  AUDITOR: 'AUDITOR ODONTOLÓGICO',
} as const;

export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

/** The default roles (docs/architecture.md, "Permissions"), seeded idempotently. */
export const DEFAULT_ROLES: Record<RoleName, readonly PermissionName[]> = {
  ADMINISTRADOR: ALL_PERMISSIONS.filter(
    (p) => p !== 'PROFESSIONALS.UPDATE_PROFILE' && p !== 'PRESTACIONES.VALIDATE',
  ),
  ADMINISTRATIVO: [
    'AFILIADOS.GET',
    'AFILIADOS.CREATE',
    'AFILIADOS.UPDATE',
    'AFILIADOS.DELETE',
    'OBRA_SOCIALES.GET',
    'OBRA_SOCIALES.CREATE',
    'OBRA_SOCIALES.UPDATE',
    'PROFESSIONALS.GET',
    'PROFESSIONALS.UPDATE',
    'BACKOFFICE_ACCESS',
  ],
  PRESTADOR: ['PROFESSIONALS.UPDATE_PROFILE', 'AFILIADOS.GET', 'PRESTACIONES.VALIDATE', 'BACKOFFICE_ACCESS'],
  'AUDITOR ODONTOLÓGICO': [
    'AUTORIZACIONES.DECIDE',
    'PRESTACIONES.AUDIT',
    'AFILIADOS.GET',
    'PROFESSIONALS.GET',
    // The queue is filtered by insurer: the auditor reads their names.
    'OBRA_SOCIALES.GET',
    'BACKOFFICE_ACCESS',
  ],
};

/**
 * Permissions that act on nobody else: holding one puts an account above no one, and anyone may
 * give it. A dentist's own profile, and her own work at the chair (only an account with a
 * professional profile validates, and only as herself).
 */
const SELF_ONLY: ReadonlySet<string> = new Set<string>([
  PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE,
  PERMISSIONS.PRESTACIONES_VALIDATE,
]);

/**
 * Of `permissions` (those a role grants, or an account holds), the ones beyond
 * what `held` has: nobody gives, nor acts on an account with, more than they hold.
 */
export function permissionsBeyond(held: ReadonlySet<string>, permissions: Iterable<string>): string[] {
  return [...permissions].filter((p) => !SELF_ONLY.has(p) && !held.has(p));
}

/**
 * The grant rule: whoever holds `held` gives only what they hold themselves, whether they put
 * permissions on a role or give an account roles; refused with `MESSAGES.GRANT_BEYOND_OWN`.
 * So ROLES.* or USERS.UPDATE_ROLE cannot make anyone (oneself through a second mailbox, or
 * one's own role) mightier than the caller.
 */
export function mayGrant(held: ReadonlySet<string>, permissions: Iterable<string>): boolean {
  return permissionsBeyond(held, permissions).length === 0;
}

/**
 * What a guard or a screen asks of the holder: one name; a list, every name of
 * it (the spec's rule); or, for a door several permissions open, `anyOf` (at
 * least one of them) together with `allOf` (every one of those).
 */
export type PermissionRequirement =
  | PermissionName
  | readonly PermissionName[]
  | { readonly allOf?: readonly PermissionName[]; readonly anyOf: readonly PermissionName[] };

/**
 * Whether `held` meets the requirement: with a single name the holder must
 * have it; with a list, all of them; with `anyOf`, one of them at least (and
 * all of `allOf`). Used by the API guards and the screens alike.
 */
export function hasPermission(held: Iterable<string>, required: PermissionRequirement): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  if (typeof required === 'object' && 'anyOf' in required)
    return (
      (required.allOf ?? []).every((name) => set.has(name)) && required.anyOf.some((name) => set.has(name))
    );
  const list: readonly PermissionName[] = typeof required === 'string' ? [required] : required;
  return list.every((name) => set.has(name));
}

/**
 * The doors that take more than one permission, named once for the API's
 * guards and the screens that lead to them. A permission that acts on the
 * records of a list (editing, giving de baja, deleting) opens nothing without
 * the permission that reads that list: the screens reach records through it,
 * and the server answers with the record it changed.
 */
export const REQUIREMENTS = {
  /**
   * The network's staff as the screens and the API tell them from dentists: holders of
   * AFILIADOS.CREATE send notifications and keep the sent list, read every stored file, and
   * hear of no notifications of their own.
   */
  STAFF: PERMISSIONS.AFILIADOS_CREATE,
  /** Inviting someone to join: the account (USERS.CREATE) comes with its roles (USERS.UPDATE_ROLE). */
  USUARIOS_INVITE: [PERMISSIONS.USERS_CREATE, PERMISSIONS.USERS_UPDATE_ROLE],
  /** The dashboard: for staff who keep affiliates or professionals. */
  TABLERO: {
    allOf: [PERMISSIONS.BACKOFFICE_ACCESS],
    anyOf: [PERMISSIONS.AFILIADOS_CREATE, PERMISSIONS.PROFESSIONALS_GET],
  },
  /**
   * The affiliates' registry: the whole list, searched by document prefix or
   * by name and filtered by insurer, and one affiliate's record. AFILIADOS.GET
   * with a permission whose work is finding affiliates (loading, editing,
   * giving de baja); AFILIADOS.GET alone, as a dentist holds it, checks one
   * exact document's coverage at a time (limited and audited).
   */
  AFILIADOS_REGISTRY: {
    allOf: [PERMISSIONS.AFILIADOS_GET],
    anyOf: [PERMISSIONS.AFILIADOS_CREATE, PERMISSIONS.AFILIADOS_UPDATE, PERMISSIONS.AFILIADOS_DELETE],
  },
  /** Editing an affiliate of the registry. */
  AFILIADOS_EDIT: [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_UPDATE],
  /** Giving an affiliate of the registry de baja, and reactivating them. */
  AFILIADOS_BAJA: [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_DELETE],
  /** The registry as a file: administrative staff's, who read it. */
  AFILIADOS_EXPORT: [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE],
  /**
   * A professional's record changed by staff (profile, zone, licence check,
   * reminders, reports on the listing): PROFESSIONALS.UPDATE on a record PROFESSIONALS.GET opens.
   */
  PROFESIONALES_EDIT: [PERMISSIONS.PROFESSIONALS_GET, PERMISSIONS.PROFESSIONALS_UPDATE],
  /** Removing a professional of the list. */
  PROFESIONALES_DELETE: [PERMISSIONS.PROFESSIONALS_GET, PERMISSIONS.PROFESSIONALS_DELETE],
} as const satisfies Record<string, PermissionRequirement>;
