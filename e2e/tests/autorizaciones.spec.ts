import type { Page } from '@playwright/test';
import type { ReglaValues } from '@red-dental/contracts';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

// The affiliate's phone reads 'Mis prestaciones' with its token: the portal's worker keeps its screens.
test.use({ serviceWorkers: 'allow' });

// A code of this suite's own, so that no other suite's import of the code table meets it.
const CODIGOS = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '03.14;03;Endodoncia con auditoría;pieza;;;permanente;1',
].join('\r\n');
const ARANCELES = ['codigo;importe;vigente_desde;vigente_hasta', '03.14;85.000,00;01/01/2026;'].join('\r\n');
const REGLAS: Partial<ReglaValues>[] = [
  { objetivo: '03.14', requiereAutorizacion: true, adjuntos: ['rx_pre'] },
];

/** A JPEG as a phone's camera makes one: drawn and encoded by the browser itself. */
async function fotoJpeg(page: Page, texto: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((t) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d')!;
    const grad = g.createRadialGradient(320, 240, 20, 320, 240, 300);
    grad.addColorStop(0, '#e8e8e8');
    grad.addColorStop(1, '#202020');
    g.fillStyle = grad;
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#fff';
    g.font = '28px sans-serif';
    g.fillText(t, 24, 452);
    return canvas.toDataURL('image/jpeg', 0.85);
  }, texto);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('a dentist asks from a phone with a photo, the auditor observes, the X-ray comes, the auditor approves by keyboard, the line validates, and the affiliate follows it', async ({
  page,
  browser,
  baseURL,
  backend,
}) => {
  test.setTimeout(150_000);
  const red = await backend.createRedParaAtender(CODIGOS, ARANCELES, REGLAS);
  const dentista = await backend.createCartillaProfesional(red.obraSocialId, {});
  const auditor = await backend.createUserWithRole('AUDITOR ODONTOLÓGICO');

  // The affiliate enrols a phone with the code staff printed, to read their health data on it.
  const afiliadoContext = await browser.newContext({
    ...otherClient(baseURL),
    viewport: { width: 375, height: 812 },
  });
  const afiliado = await afiliadoContext.newPage();
  await afiliado.goto('/login-afiliado');
  await afiliado.getByLabel('DNI').fill(red.documento);
  await afiliado.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(afiliado).toHaveURL(/\/perfil-afiliado$/);
  await afiliado.goto('/mi-token');
  await afiliado
    .getByLabel('Código de activación impreso')
    .fill(await backend.codigoDeActivacion(red.documento));
  await afiliado.getByRole('button', { name: 'Activar' }).click();
  await expect(afiliado.getByRole('heading', { name: 'Su token' })).toBeVisible();

  // At the chair, on a 375 px phone: the line asks for an authorization; she asks for it right there,
  // with a photo of the X-ray on the light box taken with the phone's camera.
  const celularContext = await browser.newContext({
    ...otherClient(baseURL),
    viewport: { width: 375, height: 812 },
  });
  const celular = await celularContext.newPage();
  await signIn(celular, dentista.user, dentista.pass);
  await expect(celular).toHaveURL(/\/mi-perfil$/);
  await celular.goto('/atender');
  await celular.getByLabel('Documento del paciente').fill(red.documento);
  await celular.getByRole('button', { name: 'Buscar' }).click();
  await celular.getByRole('combobox', { name: 'Código o nombre de la prestación' }).fill('03.14');
  await celular.getByRole('option', { name: /03\.14/ }).click();
  await celular.getByRole('combobox', { name: 'Pieza', exact: true }).selectOption('36');
  await celular.getByRole('button', { name: 'Agregar prestación' }).click();
  await expect(celular.getByText('Requiere autorización previa: pídala desde acá')).toBeVisible();
  await celular.getByRole('button', { name: 'Pedir autorización' }).click();
  await expect(celular.getByRole('heading', { name: 'Pedir autorización previa' })).toBeFocused();
  await celular
    .getByLabel('Nota para el auditor')
    .fill('Caries profunda con dolor espontáneo; pulpitis irreversible');
  await celular.getByLabel('Desde el celular').setInputFiles({
    name: 'foto-rx.jpg',
    mimeType: 'image/jpeg',
    buffer: await fotoJpeg(celular, 'Rx de la 36 en el negatoscopio'),
  });
  await expect(celular.getByText('foto-rx.jpg', { exact: true })).toBeVisible();
  await scanAndCapture(celular, 'autorizacion-pedir', async () => {
    await expect(celular.getByRole('heading', { name: 'Pedir autorización previa' })).toBeVisible();
  });
  await celular.setViewportSize({ width: 375, height: 812 });
  await celular.getByRole('button', { name: 'Pedir autorización' }).click();
  const pedida = celular
    .getByRole('status')
    .filter({ hasText: /pedida: la revisa un auditor odontológico$/ });
  await expect(pedida).toBeVisible();
  const numero = (await pedida.textContent())!.match(/AU-[0-9A-Z]{8}/)![0];
  await expect(
    celular.getByText(/En revisión desde hace 0 horas — respuesta prometida antes del \d\d\/\d\d \d\d:\d\d/),
  ).toBeVisible();

  // The affiliate sees it under review, with the promise.
  await afiliado.goto('/prestaciones-afiliado');
  const suyas = afiliado.getByRole('region', { name: 'Autorizaciones' });
  await expect(suyas).toContainText(`En revisión (${numero})`);
  await expect(suyas).toContainText(/respuesta prometida antes del \d\d\/\d\d \d\d:\d\d/);

  // The auditor, at a desk: the request in the queue (filtered by its code), the photo beside the
  // affiliate's mouth; O observes, and asks for the periapical X-ray.
  await signIn(page, auditor.user, auditor.pass);
  await page.getByRole('link', { name: 'Auditoría odontológica' }).click();
  await page.getByLabel('Código').fill('03.14');
  await page.getByLabel('Código').press('Enter');
  const abierta = page.getByRole('region', { name: `Autorización ${numero}` });
  await expect(abierta).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rx preoperatoria: foto-rx.jpg' })).toBeVisible();
  await expect(page.getByText('El plan pide la Rx preoperatoria: ya se adjuntó')).toBeVisible();
  await scanAndCapture(page, 'auditoria-odontologica', async () => {
    await expect(abierta).toBeVisible();
  });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('o');
  await expect(page.getByLabel('Qué debe enviar o responder el profesional')).toBeFocused();
  await page.keyboard.type('Adjunte Rx periapical de 36');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Decisión registrada')).toBeVisible();

  // The dentist reads the ask in her request and sends the X-ray from the computer's files.
  await celular.goto('/autorizaciones');
  await celular.getByRole('link', { name: numero }).click();
  await expect(celular.getByText('Adjunte Rx periapical de 36')).toBeVisible();
  await celular.getByLabel('Desde los archivos').setInputFiles({
    name: 'rx-periapical-36.jpg',
    mimeType: 'image/jpeg',
    buffer: await fotoJpeg(celular, 'Rx periapical 36'),
  });
  await celular.getByRole('button', { name: 'Enviar el archivo' }).click();
  await expect(celular.getByRole('button', { name: /rx-periapical-36\.jpg/ })).toBeVisible();
  await expect(celular.getByText('En revisión', { exact: true })).toBeVisible();
  await scanAndCapture(celular, 'autorizacion-detalle', async () => {
    await expect(celular.getByText('Adjunte Rx periapical de 36')).toBeVisible();
  });
  await celular.setViewportSize({ width: 375, height: 812 });

  // The auditor opens the new X-ray beside the photo, and approves with A and Enter.
  await page.reload();
  await expect(abierta).toBeVisible();
  await page.getByRole('button', { name: /rx-periapical-36\.jpg/ }).click();
  await expect(page.getByRole('img', { name: 'Rx preoperatoria: rx-periapical-36.jpg' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rx preoperatoria: foto-rx.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Girar foto-rx.jpg' }).click();
  await page.getByRole('button', { name: 'Acercar rx-periapical-36.jpg' }).click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await expect(page.getByLabel('Nota (opcional)')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Decisión registrada')).toBeVisible();

  // Back at the chair the number covers the line by itself, and it validates.
  await celular.goto('/atender');
  await celular.getByLabel('Documento del paciente').fill(red.documento);
  await celular.getByRole('button', { name: 'Buscar' }).click();
  await celular.getByRole('combobox', { name: 'Código o nombre de la prestación' }).fill('03.14');
  await celular.getByRole('option', { name: /03\.14/ }).click();
  await celular.getByRole('combobox', { name: 'Pieza', exact: true }).selectOption('36');
  await celular.getByRole('button', { name: 'Agregar prestación' }).click();
  await expect(celular.getByText(`Con la autorización ${numero}`)).toBeVisible();
  await expect(celular.getByRole('button', { name: 'Validar' })).toBeEnabled();
  await celular.getByRole('button', { name: 'Validar' }).click();
  await expect(celular.getByRole('heading', { name: 'Atención validada' })).toBeFocused();

  // The affiliate sees it used, and opens the X-ray.
  await afiliado.reload();
  await expect(suyas).toContainText(`Usada (${numero})`);
  await expect(suyas.getByRole('button', { name: 'Rx preoperatoria: rx-periapical-36.jpg' })).toBeVisible();
  const descarga = afiliado.waitForEvent('download');
  await suyas.getByRole('button', { name: 'Rx preoperatoria: rx-periapical-36.jpg' }).click();
  expect((await descarga).suggestedFilename()).toBe('rx-periapical-36.jpg');
  await scanAndCapture(afiliado, 'autorizacion-afiliado', async () => {
    await expect(suyas).toBeVisible();
  });
  await afiliadoContext.close();
  await celularContext.close();
});
