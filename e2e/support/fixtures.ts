import { test as base, expect, type Page } from '@playwright/test';
import { Backend, type StaffRole } from './api.ts';
import { tokenEndingAt } from './session-token.ts';

interface ConsoleWatch {
  /** Tolerates console errors matching `pattern` in this test (for example an expected 401). */
  allow(pattern: RegExp): void;
}

/**
 * Creates an account of the role (or an affiliate) and puts its session in the
 * page as the sign-in screens would, so a test starts signed in without going
 * through them; sign-in.spec.ts signs each role in through its screen.
 */
export interface LoginAs {
  (role: StaffRole): Promise<{ user: string; pass: string }>;
  /** `sessionEndsAt` (ms since the epoch): a session that ends then instead of in 2 hours. */
  (
    role: 'AFILIADO',
    options?: { sessionEndsAt?: number },
  ): Promise<{ documento: string; obraSocialId: number }>;
}

/** The keys and values the SPA keeps a session under (apps/web/src/lib/session.ts). */
export async function storeSession(page: Page, token: string, session: object): Promise<void> {
  // Any page of the app gives access to its origin's storage; the next navigation reads the session.
  await page.goto('/login');
  await page.evaluate(
    ({ token, session }) => {
      localStorage.setItem('DC_TOKEN', token);
      localStorage.setItem('DC_SESSION', JSON.stringify(session));
    },
    { token, session },
  );
}

/**
 * A client address of its own (the server trusts the loopback proxy, see
 * playwright.config.ts), so the tests' sign-ins, which run in parallel from one
 * machine, do not share the per-address limits as if they were one client.
 */
export function clientHeaders(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` };
}

/** Options for a browser context of another person, on another computer. */
export function otherClient(baseURL: string | undefined) {
  return { baseURL, locale: 'es-AR', extraHTTPHeaders: clientHeaders() };
}

export const test = base.extend<{ backend: Backend; consoleWatch: ConsoleWatch; loginAs: LoginAs }>({
  // The page and the API requests of each test come from one address of the test's own.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; this one has none.
  extraHTTPHeaders: async ({}, use) => {
    await use(clientHeaders());
  },

  backend: async ({ request }, use) => {
    await use(new Backend(request));
  },

  loginAs: async ({ page, backend }, use) => {
    async function loginAs(role: StaffRole | 'AFILIADO', options: { sessionEndsAt?: number } = {}) {
      if (role === 'AFILIADO') {
        const afiliado = await backend.createAfiliado();
        const { token } = await backend.loginAfiliado(afiliado.documento);
        const { sessionEndsAt } = options;
        const stored = sessionEndsAt === undefined ? token : tokenEndingAt(token, sessionEndsAt);
        await storeSession(page, stored, { kind: 'afiliado' });
        return afiliado;
      }
      // A dentist is a professional who signed up and was approved, with a profile of its own.
      const account =
        role === 'PRESTADOR' ? await backend.createProfesional() : await backend.createUser(role);
      const { token, user } = await backend.login(account.user, account.pass);
      await storeSession(page, token, { kind: 'staff', user });
      return account;
    }
    await use(loginAs as LoginAs);
  },

  // Every test fails on a console error or an uncaught exception in the page.
  consoleWatch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors.filter((e) => !allowed.some((p) => p.test(e)))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the professional and staff login screen. */
export async function signIn(page: Page, user: string, pass: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The staff sidebar's entries, in order, without the brand link. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  // The menu draws after the session is read: wait for the brand, one entry (every account has
  // Notificaciones) and 'Cerrar Sesión' before reading it.
  await expect(nav.getByRole('link').nth(2)).toBeAttached();
  const names = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => (link.getAttribute('title') ?? link.textContent ?? '').trim()),
    );
  return names.slice(1);
}
