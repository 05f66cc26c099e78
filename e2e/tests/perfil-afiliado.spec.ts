import { uniqueEmail } from '@red-dental/testing';
import { expect, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** How a session opened with the document alone sees an address: its first two letters and the domain. */
const partly = (email: string) => `${email.slice(0, 2)}***@${email.split('@')[1]}`;

test('an affiliate edits the profile and confirms a new e-mail', async ({ page, loginAs }) => {
  const { documento } = await loginAs('AFILIADO');
  const email = uniqueEmail('afiliada');

  await page.goto('/perfil-afiliado');

  await expect(page.getByLabel('Nombre')).toHaveValue('Afiliada de Prueba');
  await expect(page.getByLabel('Documento')).toHaveValue(documento);
  await expect(page.getByLabel('Documento')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Ingrese su e-mail para recibir notificaciones y novedades!')).toBeVisible();
  await scanAndCapture(page, 'perfil-afiliado');

  await page.getByRole('button', { name: 'Editar' }).click();
  // Staff keep the birth date: it may be the portal's second factor.
  await expect(page.getByLabel('Fecha de Nacimiento')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Fecha de Nacimiento')).toHaveValue('1985-04-12');
  await page.getByLabel('Email').fill('no-es-un-mail');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await scanAndCapture(page, 'perfil-afiliado-editar');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono/Movil').fill('11 5123-4567');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Datos actualizados exitosamente!')).toBeVisible();
  // Opened with the document alone, the session sees contact data only in part.
  await expect(page.getByText(`${partly(email)} está pendiente de confirmación`)).toBeVisible();
  await expect(page.getByLabel('Teléfono/Movil')).toHaveValue('11 ****-4567');
  await expect(
    page.getByText('Por su seguridad, su email y su teléfono se muestran solo en parte.'),
  ).toBeVisible();
  await expect(page.getByLabel('Teléfono/Movil')).toHaveAttribute('readonly', '');
  await scanAndCapture(page, 'perfil-afiliado-en-parte');
  // The banner goes away after 3 seconds.
  await expect(page.getByText('¡Datos actualizados exitosamente!')).toBeHidden({ timeout: 5000 });

  const link = await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/confirmar-email\/[A-Za-z0-9_-]+/);
  await page.goto(link);
  await expect(
    page.getByText('Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.'),
  ).toBeVisible();
  await scanAndCapture(page, 'confirmar-email');

  await page.goto('/perfil-afiliado');
  await expect(page.getByLabel('Email')).toHaveValue(partly(email));
  await expect(page.getByText('está pendiente de confirmación')).toHaveCount(0);

  // Cerrar Sesión ends the session on the server: a copy of its token is worth nothing.
  const token = await page.evaluate(() => localStorage.getItem('DC_TOKEN'));
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login-afiliado$/);
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/afiliados/profile', { headers: { Authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(401);
});

test('a used or unknown confirmation link says so', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 400/);
  await page.goto('/confirmar-email/enlace-que-no-existe');
  await expect(page.getByText('El enlace de confirmación no es válido o ya venció')).toBeVisible();
});
