import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { uniqueEmail, uniqueName } from '@red-dental/testing';
import { Secret, TOTP } from 'otpauth';
import { expect, signIn, test } from '../support/fixtures.ts';
import { waitForMailWith } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');

test('an administrator without a name sets one on Mi cuenta, and the invitations it sends say who invites', async ({
  page,
  loginAs,
}) => {
  // An account made without a name, as the first administrator is.
  const account = await loginAs('ADMINISTRADOR');
  const nombre = uniqueName('Laura Méndez');
  const invitada = uniqueEmail('invitada');

  await page.goto('/mi-cuenta');
  const panel = page.getByRole('region', { name: 'Su nombre' });
  await expect(panel).toContainText('Su cuenta todavía no tiene nombre');
  await expect(panel.getByLabel('Nombre')).toHaveValue('');
  await expect(page.getByRole('link', { name: /Mi cuenta/ })).toContainText(account.user);
  await scanAndCapture(page, 'mi-cuenta-sin-nombre');

  await panel.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(panel.getByText('El nombre es requerido')).toBeVisible();
  await panel.getByLabel('Nombre').fill(nombre);
  await panel.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se guardó su nombre' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Mi cuenta/ })).toContainText(nombre);

  // It is the account's now: after a reload, and in Usuarios.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Su nombre' }).getByLabel('Nombre')).toHaveValue(nombre);
  await scanAndCapture(page, 'mi-cuenta-con-nombre');
  await page.goto(`/usuarios?search=${encodeURIComponent(account.user)}`);
  await expect(page.getByRole('row').filter({ hasText: account.user })).toContainText(nombre);

  await page.getByRole('button', { name: 'Invitar' }).click();
  const invitar = page.getByRole('dialog', { name: 'Invitar a una persona del personal' });
  await invitar.getByLabel('Nombre').fill('Marta Quiroga');
  await invitar.getByLabel('Email').fill(invitada);
  await invitar.getByRole('checkbox', { name: 'ADMINISTRATIVO' }).check();
  await invitar.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se envió la invitación a ${invitada}` }),
  ).toBeVisible();
  await waitForMailWith(invitada, `${nombre} (${account.user}) lo invitó a usar el sistema de gestión`);
});

/** What an authenticator app would show for the secret on screen. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();

test('the recovery codes are copied, downloaded as a .txt and printed alone before their dialog closes', async ({
  page,
  context,
  baseURL,
  backend,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // Printing opens no dialog here: the page counts the calls and what was flagged to print.
  await page.addInitScript(() => {
    const printed: (string | undefined)[] = [];
    Object.assign(window, { printed });
    window.print = () => {
      printed.push(document.documentElement.dataset.imprimir);
    };
  });
  const account = await backend.createUser('ADMINISTRATIVO');
  await signIn(page, account.user, account.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  await page.goto('/mi-cuenta');
  await page.getByRole('button', { name: 'Activar' }).click();
  const setup = page.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
  const secret = (await setup.locator('code').textContent())!;
  await setup.getByLabel('Código').fill(codeOf(secret));
  await setup.getByLabel('Contraseña actual').fill(account.pass);
  await setup.getByRole('button', { name: 'Activar' }).click();
  const done = page.getByRole('dialog', { name: 'Verificación activada' });
  const items = done.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  await scanAndCapture(page, 'codigos-de-recuperacion');

  await done.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Códigos copiados' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toEqual(expect.arrayContaining([...codes, `Cuenta: ${account.user}`]));

  const download = page.waitForEvent('download');
  await done.getByRole('button', { name: 'Descargar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('red-dental-codigos-de-recuperacion.txt');
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.split('\n')).toEqual(expect.arrayContaining(codes));

  await done.getByRole('button', { name: 'Imprimir' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: string[] }).printed)).toEqual([
    'codigos-de-recuperacion',
  ]);
  // What the printer gets: the codes with what they are for, and none of the screen.
  await page.emulateMedia({ media: 'print' });
  const printout = page.locator('body > div').filter({ hasText: 'Red Dental: códigos de recuperación' });
  await expect(printout).toBeVisible();
  await expect(printout).toContainText(codes[0]!);
  await expect(printout).toContainText(`Cuenta: ${account.user}`);
  await expect(done).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeHidden();
  await page.screenshot({
    path: path.join(ARTIFACTS, 'codigos-de-recuperacion-impresion.png'),
    fullPage: true,
  });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: null });

  // Once the dialog is closed, printing the page prints the page again.
  await done.getByRole('button', { name: 'Ya los guardé' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 2, name: 'Verificación en dos pasos' })).toBeVisible();
  await expect(printout).toBeHidden();
});
