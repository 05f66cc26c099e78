import { DEFAULT_ROLES, type PermissionName, type RoleName, type SessionUser } from '@red-dental/contracts';
import { reloadSessionFromStorage, SESSION_KEY, TOKEN_KEY } from '@/lib/session.ts';

let nextId = 1;

/**
 * A signed-in user holding one of the default roles, or exactly the given
 * permissions. A PRESTADOR is a professional who signed up, so it has a
 * professional record (its name); staff accounts have none.
 */
export function makeSessionUser(
  role: RoleName | { permissions: readonly PermissionName[] },
  overrides: Partial<SessionUser> = {},
): SessionUser {
  const id = nextId++;
  const name = typeof role === 'string' ? role : 'PERSONALIZADO';
  const permissions = typeof role === 'string' ? DEFAULT_ROLES[role] : role.permissions;
  return {
    id,
    user: `usuario${id}@reddental.com.ar`,
    professionalName: role === 'PRESTADOR' ? `Dra. Prestadora ${id}` : null,
    nombre: null,
    roles: [{ id: 1, name, permissions: permissions.map((p) => ({ name: p })) }],
    ...overrides,
  };
}

/** Stores a session the way a previous visit would have left it, and loads it. */
export function storeStaffSession(user: SessionUser | null, token = 'staff-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(SESSION_KEY, JSON.stringify({ kind: 'staff', user }));
  reloadSessionFromStorage();
}

export function storeAffiliateSession(token = 'afiliado-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify({ kind: 'afiliado' }));
  reloadSessionFromStorage();
}

/**
 * An affiliate's token shaped as the server signs one (claims readable, the
 * signature a stand-in: only the server checks it). `exp` in seconds since the epoch.
 */
export function makeAfiliadoToken(claims: { sub?: string; tv?: number; exp: number }): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = {
    kind: 'afiliado',
    sub: '12',
    tv: 0,
    bd: false,
    iat: claims.exp - 7200,
    iss: 'red-dental',
    ...claims,
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.firma`;
}
