import type { NomencladorImportResult } from '@red-dental/contracts';
import { multipart } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/** A few codes of the usual table, one of each treatment area, as a network's spreadsheet has them. */
export const CODIGOS_CSV = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '01.01;01;Consulta. Examen, diagnóstico y plan de tratamiento;boca;;;ambas;1',
  '02.01;02;Obturación con amalgama. Cavidad simple;caras;1;1;ambas;2,5',
  '02.02;02;Obturación con amalgama. Cavidad compuesta o compleja;caras;2;5;ambas;3',
  '03.01;03;Tratamiento endodóntico en unirradiculares;pieza;;;permanente;8',
  '05.01;05;Tartrectomía y cepillado mecánico;boca;;;ambas;1,5',
  '06.01;06;Ortodoncia. Aparatología removible, por arcada;arcada;;;ambas;20',
  '07.01;07;Topicación con flúor;sector;;;temporaria;',
].join('\r\n');

/** Sends a code table to the import (a preview with `dryRun`) as the screen does. */
export function importCodigos(
  app: App,
  auth: Record<string, string>,
  content: string | Buffer,
  options: { dryRun?: boolean; name?: string } = {},
) {
  const body = multipart({}, { name: options.name ?? 'nomenclador.csv', content });
  return app.inject({
    method: 'POST',
    url: `/api/nomenclador/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

/** Loads CODIGOS_CSV (or the given table) and answers what the import did. */
export async function loadCodigos(
  app: App,
  auth: Record<string, string>,
  content: string = CODIGOS_CSV,
): Promise<NomencladorImportResult> {
  const response = await importCodigos(app, auth, content);
  if (response.statusCode !== 201) throw new Error(`import failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
