import { networkClock, WEEKDAYS } from '@red-dental/contracts';
import { uniqueName } from '@red-dental/testing';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const ORDER = 'La hora de inicio debe ser menor a la hora de fin';
const DAY_MS = 86_400_000;

/** `time` (HH:MM:SS) in Buenos Aires on the last Friday before today there, `days` later. */
function lastFriday(time: string, days = 0): Date {
  const { day, date } = networkClock(new Date());
  const back = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf('V') + 7) % 7 || 7;
  const friday = new Date(Date.parse(`${date}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${friday}T${time}-03:00`) + days * DAY_MS);
}

test('a dentist enters a night on call as the editor says, and the affiliate reads one guard, on call through midnight', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  const afiliado = await loginAs('AFILIADO');
  const dentist = await backend.createCartillaProfesional(afiliado.obraSocialId, {
    nombre: uniqueName('Nora Guardia'),
  });

  // The dentist, on a computer of their own.
  const dentistPage = await (await browser.newContext(otherClient(baseURL))).newPage();
  await signIn(dentistPage, dentist.user, dentist.pass);
  await expect(dentistPage).not.toHaveURL(/\/login$/);
  await dentistPage.goto('/mi-perfil');
  await dentistPage.getByRole('button', { name: 'Editar' }).click();
  await dentistPage.getByRole('button', { name: 'Horarios de Guardias' }).click();
  const guardias = dentistPage.getByRole('dialog', { name: 'Guardias' });
  await expect(
    guardias.getByText(
      'Para una guardia que pasa la medianoche, cargue 22:00 a 23:59 y, al día siguiente, 00:00 a 06:00',
    ),
  ).toBeVisible();

  // The night as one range is refused, and 'Continuar' leaves the dialog open on it.
  await guardias.getByRole('switch', { name: 'Viernes' }).check();
  const viernesInicio = guardias.getByLabel('Viernes, inicio del horario 1');
  await viernesInicio.fill('22:00');
  await guardias.getByLabel('Viernes, fin del horario 1').fill('06:00');
  await guardias.getByRole('button', { name: 'Continuar' }).click();
  await expect(guardias.getByText(ORDER)).toBeVisible();
  await expect(viernesInicio).toBeFocused();
  await scanAndCapture(dentistPage, 'guardias-rango-invertido', () => viernesInicio.scrollIntoViewIfNeeded());

  // Closed as it is, the save says why and where: the dialog again, on the day, and beside the button.
  await guardias.getByRole('button', { name: /Cerrar/ }).click();
  await expect(guardias).toBeHidden();
  await dentistPage.getByRole('button', { name: 'Completar Perfil' }).click();
  await expect(guardias).toBeVisible();
  await expect(viernesInicio).toBeFocused();
  await guardias.getByRole('button', { name: /Cerrar/ }).click();
  await expect(dentistPage.getByText(`Horarios de Guardias, Viernes: ${ORDER}`)).toBeVisible();
  await scanAndCapture(dentistPage, 'mi-perfil-guardado-rechazado');

  // As the hint says: to 23:59 on Friday, and from 00:00 on Saturday.
  await dentistPage.getByRole('button', { name: 'Horarios de Guardias' }).click();
  await guardias.getByLabel('Viernes, fin del horario 1').fill('23:59');
  await guardias.getByRole('switch', { name: 'Sábado' }).check();
  await guardias.getByLabel('Sábado, inicio del horario 1').fill('00:00');
  await guardias.getByLabel('Sábado, fin del horario 1').fill('06:00');
  await expect(guardias.getByText(ORDER)).toBeHidden();
  await scanAndCapture(dentistPage, 'guardias-nocturna');
  await guardias.getByRole('button', { name: 'Continuar' }).click();
  await expect(guardias).toBeHidden();
  await expect(dentistPage.getByText(/Horarios de Guardias, Viernes/)).toBeHidden();
  await dentistPage.getByRole('button', { name: 'Completar Perfil' }).click();
  const saved = dentistPage.getByRole('dialog', { name: 'Cambios guardados' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Aceptar' }).click();
  await dentistPage.context().close();

  // The affiliate, on Friday in its last minute before midnight (the page's clock only).
  await page.clock.setFixedTime(lastFriday('23:59:30'));
  await page.goto('/cartilla');
  const card = page.getByRole('article', { name: dentist.nombre });
  await expect(card.getByText('De guardia ahora')).toBeVisible();
  await card.getByRole('button', { name: new RegExp(dentist.nombre) }).click();
  await scanAndCapture(page, 'cartilla-guardia-nocturna');
  await card.getByRole('button', { name: 'Guardias' }).click();
  const dialog = page.getByRole('dialog', { name: `Guardias - ${dentist.nombre}` });
  await expect(dialog.getByRole('listitem')).toHaveText(['Viernes 22:00 a sábado 06:00']);
  await scanAndCapture(page, 'cartilla-guardias-dialogo');

  // Past midnight it goes on; at 06:00 it is over.
  await page.clock.setFixedTime(lastFriday('00:00:30', 1));
  await page.reload();
  await expect(card.getByText('De guardia ahora')).toBeVisible();
  await page.clock.setFixedTime(lastFriday('06:00:30', 1));
  await page.reload();
  await expect(card.getByRole('button', { name: new RegExp(dentist.nombre) })).toBeVisible();
  await expect(card.getByText('De guardia ahora')).toBeHidden();
});
