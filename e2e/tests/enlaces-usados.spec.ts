import { uniqueEmail } from '@red-dental/testing';
import { ADMIN } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const SPENT = 'El enlace ya se usó o venció';

test('a used recovery link says so as it opens, before the form, and a new one can be asked for there', async ({
  page,
  backend,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 400/);
  const prestador = await backend.createProfesional();
  expect(
    (await request.post('/api/user/recover-password', { data: { email: prestador.user } })).status(),
  ).toBe(200);
  const link = await waitForMailLink(
    prestador.user,
    /https?:\/\/[^\s"'<>]+\/recover-password\/[A-Za-z0-9_-]+/,
  );
  const token = link.split('/recover-password/')[1];
  const used = await request.put('/api/user/restore-password', {
    data: { id: token, password: 'NuevaClave2025!' },
  });
  expect(used.status()).toBe(200);

  await page.goto(link);
  await expect(page.getByText(SPENT)).toBeVisible();
  await expect(page.getByText('Pida un enlace nuevo con el email de su cuenta')).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
  await scanAndCapture(page, 'recuperacion-enlace-usado', async () => {
    await page.reload();
    await expect(page.getByText(SPENT)).toBeVisible();
  });

  await page.getByRole('button', { name: 'Pedir un enlace nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByRole('textbox').fill(prestador.user);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Le enviamos un e-?mail/ })).toBeVisible();
  // The new link opens the form.
  const fresh = await waitForMailLink(
    prestador.user,
    /https?:\/\/[^\s"'<>]+\/recover-password\/[A-Za-z0-9_-]+/,
    2,
  );
  await page.goto(fresh);
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByText(SPENT)).toHaveCount(0);
});

test('a used invitation says so as it opens, before the form, and who sends a new one', async ({
  page,
  backend,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 400/);
  const { token: adminToken } = await backend.login(ADMIN.user, ADMIN.pass);
  const roles = (await (
    await request.get('/api/roles', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as { id: number; name: string }[];
  const email = uniqueEmail('invitada');
  const invited = await request.post('/api/user/invitaciones', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { nombre: 'Marta Quiroga', email, roles: [roles.find((r) => r.name === 'ADMINISTRATIVO')!.id] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await waitForMailLink(email, /https?:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/);
  const token = link.split('/invitacion/')[1];
  const accepted = await request.put(`/api/user/invitaciones/${token}`, {
    data: { password: 'Padron-Nuevo-2026' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.goto(link);
  await expect(page.getByText(SPENT)).toBeVisible();
  await expect(
    page.getByText('Pida al administrador de la red que le envíe una invitación nueva'),
  ).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ir al inicio de sesión' })).toBeVisible();
  await scanAndCapture(page, 'invitacion-enlace-usado', async () => {
    await page.reload();
    await expect(page.getByText(SPENT)).toBeVisible();
  });
});
