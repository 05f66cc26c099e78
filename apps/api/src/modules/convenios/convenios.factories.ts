import type { Convenio, ConvenioInput } from '@red-dental/contracts';
import { multipart } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/** A contract of the insurer from 2026 on, with a unit value of $ 1.000,00; `over` changes any term. */
export async function createConvenio(
  app: App,
  auth: Record<string, string>,
  obraSocialId: number,
  over: Partial<ConvenioInput> = {},
): Promise<Convenio> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/convenios',
    headers: auth,
    payload: {
      obraSocialId,
      nombre: 'Convenio 2026',
      vigenteDesde: '2026-01-01',
      vigenteHasta: null,
      diaCierre: 25,
      plazoPresentacionDias: 60,
      plazoRefacturacionDias: 30,
      requiereToken: false,
      valorUnidad: 100000,
      ...over,
    },
  });
  if (response.statusCode !== 201) throw new Error(`convenio: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Sends a fee table to a contract's import (a preview with `dryRun`) as the screen does. */
/** The import's query: a preview, a simulation, or neither. */
const query = (o: { dryRun?: boolean; simular?: boolean }) =>
  o.simular ? '?simular=true' : o.dryRun ? '?dryRun=true' : '';

export function importAranceles(
  app: App,
  auth: Record<string, string>,
  convenioId: number,
  content: string | Buffer,
  options: { dryRun?: boolean; simular?: boolean } = {},
) {
  const body = multipart({}, { name: 'aranceles.csv', content });
  return app.inject({
    method: 'POST',
    url: `/api/convenios/${convenioId}/aranceles/import${query(options)}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
