import type { Plan, Regla, ReglaInput } from '@red-dental/contracts';
import { buildReglaInput } from '@red-dental/testing';
import { multipart } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/** A plan of the insurer; `over` changes its code or name. */
export async function createPlan(
  app: App,
  auth: Record<string, string>,
  obraSocialId: number,
  over: { codigo?: string; nombre?: string } = {},
): Promise<Plan> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/planes',
    headers: auth,
    payload: { obraSocialId, codigo: '210', nombre: 'Plan 210', ...over },
  });
  if (response.statusCode !== 201) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A rule that covers the target whole from 2026 with no limits; `over` sets any term. */
export const regla = (over: Partial<ReglaInput> = {}): ReglaInput => ({ ...buildReglaInput(), ...over });

export async function createRegla(
  app: App,
  auth: Record<string, string>,
  planId: number,
  over: Partial<ReglaInput> = {},
): Promise<Regla> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/planes/${planId}/reglas`,
    headers: auth,
    payload: regla(over),
  });
  if (response.statusCode !== 201) throw new Error(`regla: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Sends a plan's rules to the import (a preview with `dryRun`) as the screen does. */
/** The import's query: a preview, a simulation, or neither. */
const query = (o: { dryRun?: boolean; simular?: boolean }) =>
  o.simular ? '?simular=true' : o.dryRun ? '?dryRun=true' : '';

export function importReglas(
  app: App,
  auth: Record<string, string>,
  planId: number,
  content: string | Buffer,
  options: { dryRun?: boolean; simular?: boolean } = {},
) {
  const body = multipart({}, { name: 'reglas.csv', content });
  return app.inject({
    method: 'POST',
    url: `/api/planes/${planId}/reglas/import${query(options)}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
