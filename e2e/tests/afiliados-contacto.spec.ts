import type { Page } from '@playwright/test';
import { uniqueDocumento, uniqueEmail } from '@red-dental/testing';
import { expect, otherClient, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** 'Editar Afiliado' for the affiliate of that document, opened from its row in the list. */
async function openEdit(page: Page, documento: string) {
  await page.goto(`/afiliados?search=${documento}`);
  const row = page.getByRole('table', { name: 'Afiliados' }).getByRole('row').filter({ hasText: documento });
  await row.getByRole('button', { name: /^Editar / }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Afiliado' });
  // The contact fields open once the record's e-mail and phone have arrived.
  await expect(dialog.getByLabel('Email')).toBeEnabled();
  return dialog;
}

test.describe("staff correct an affiliate's e-mail and phone", () => {
  test('a new address waits for its owner to confirm it, and the edit keeps the record’s LE', async ({
    page,
    browser,
    baseURL,
    backend,
    loginAs,
  }) => {
    test.setTimeout(90_000);
    const obraSocial = await backend.createObraSocial();
    const documento = uniqueDocumento();
    const email = uniqueEmail('afiliada-contacto');
    await loginAs('ADMINISTRATIVO');

    // An affiliate with an LE, loaded by hand.
    await page.goto('/afiliados/form-afiliado');
    await page.getByLabel('Nombre Completo').fill('Elena Contacto');
    await page.getByLabel('Tipo').selectOption('LE');
    await page.getByLabel('Número de Documento').fill(documento);
    await page.getByLabel('Obra Social', { exact: true }).selectOption({ label: obraSocial.nombre });
    await page.getByRole('button', { name: 'Cargar Afiliado' }).click();
    await expect(page.getByText('Afiliado cargado correctamente.').first()).toBeVisible();

    // No e-mail yet; the type offers the spec's two and the record's own LE.
    let dialog = await openEdit(page, documento);
    await expect(dialog.getByText('Sin email')).toBeVisible();
    await expect(dialog.getByText('El afiliado no recibe novedades por email.')).toBeVisible();
    await expect(dialog.getByLabel('Tipo').locator('option:not([disabled])')).toHaveText([
      'DNI',
      'Pasaporte',
      'LE',
    ]);
    await expect(dialog.getByLabel('Tipo')).toHaveValue('LE');

    // Bad input is refused in Spanish under its field.
    await dialog.getByLabel('Email').fill('elena@');
    await dialog.getByLabel('Teléfono').fill('1'.repeat(51));
    await dialog.getByRole('button', { name: 'Guardar Afiliado' }).click();
    await expect(dialog.getByText('Email inválido')).toBeVisible();
    await expect(dialog.getByText('El teléfono no puede tener más de 50 caracteres')).toBeVisible();
    await scanAndCapture(page, 'editar-afiliado-contacto-errores', () =>
      dialog.getByText('Email inválido').scrollIntoViewIfNeeded(),
    );

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Teléfono').fill('0341 15-555-1234');
    await dialog.getByRole('button', { name: 'Guardar Afiliado' }).click();
    await expect(
      page.getByText(
        `Se guardaron los datos de Elena Contacto. Se envió un enlace de confirmación a ${email}.`,
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // Until its owner opens the link, the address is pending.
    dialog = await openEdit(page, documento);
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Teléfono')).toHaveValue('0341 15-555-1234');
    await expect(dialog.getByText('Pendiente de confirmación')).toBeVisible();
    await expect(dialog).toContainText('Hasta entonces no recibe novedades por email.');
    // On a phone the dialog scrolls: the capture shows the e-mail's state.
    await scanAndCapture(page, 'editar-afiliado-contacto', () =>
      dialog.getByText('Pendiente de confirmación').scrollIntoViewIfNeeded(),
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The owner opens the mailed link (the portal's own confirmation page).
    const link = await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/confirmar-email\/[A-Za-z0-9_-]+/);
    const owner = await (await browser.newContext(otherClient(baseURL))).newPage();
    await owner.goto(link);
    await expect(
      owner.getByText('Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.'),
    ).toBeVisible();

    dialog = await openEdit(page, documento);
    await expect(dialog.getByText('Confirmado')).toBeVisible();
    await expect(dialog).toContainText(`${email} recibe las notificaciones y novedades del portal.`);
    await expect(dialog.getByLabel('Tipo')).toHaveValue('LE');
  });
});
