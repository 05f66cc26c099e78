import { buildPdf } from '@red-dental/testing';
import { multipart } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/** A notification sent to the affiliates of an insurer through the API, as staff send it; its id. */
export async function sendToAfiliadosOf(
  app: App,
  auth: Record<string, string>,
  obraSocialId: number,
  title: string,
): Promise<number> {
  const form = multipart(
    { title, category: 'Documentación', obrasSociales: JSON.stringify([obraSocialId]) },
    { name: 'documento.pdf', content: buildPdf([title]), field: 'pdfs', type: 'application/pdf' },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/notificaciones/afiliados',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`send notification failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}
