import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '@/test/factories.ts';
import {
  endSession,
  getLastEndedSession,
  getSession,
  reloadSessionFromStorage,
  SESSION_KEY,
  startSession,
  TOKEN_KEY,
  updateSessionUser,
} from './session.ts';

describe('session', () => {
  it('keeps the token under DC_TOKEN and the user beside it', () => {
    const user = makeSessionUser('PRESTADOR');
    startSession({ kind: 'staff', token: 'tok', user });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({ kind: 'staff', user });

    reloadSessionFromStorage();
    expect(getSession()).toEqual({ kind: 'staff', token: 'tok', user });
  });

  it('keeps affiliates apart from staff', () => {
    startSession({ kind: 'afiliado', token: 'dni-token' });
    reloadSessionFromStorage();
    expect(getSession()).toEqual({ kind: 'afiliado', token: 'dni-token' });
  });

  it('treats a bare token as a staff session to be confirmed', () => {
    localStorage.setItem(TOKEN_KEY, 'legacy');
    reloadSessionFromStorage();
    expect(getSession()).toEqual({ kind: 'staff', token: 'legacy', user: null });
  });

  it('updates the stored user', () => {
    startSession({ kind: 'staff', token: 'tok', user: makeSessionUser('PRESTADOR') });
    const fresh = makeSessionUser('ADMINISTRATIVO');
    updateSessionUser(fresh);
    expect(getSession()).toMatchObject({ user: fresh });
  });

  it('forgets everything on end, remembering whose session it was and why', () => {
    startSession({ kind: 'afiliado', token: 'dni-token' });
    endSession('expired');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getLastEndedSession()).toEqual({ kind: 'afiliado', reason: 'expired' });
  });
});
