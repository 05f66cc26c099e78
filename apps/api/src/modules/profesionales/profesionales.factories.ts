import { emptySchedule } from '@red-dental/contracts';
import { buildRegistroInput } from '@red-dental/testing';
import type { App } from '../../app.ts';
import { confirmRegistration } from '../registro/registro.factories.ts';

/** Professionals made through the API as they come to be: a sign-up, staff's edit, approval. */

export interface DentistOptions {
  nombre?: string;
  razonSocial?: string;
  obrasSociales?: number[];
  especialidades?: number[];
  zonaId?: number;
  /** Left waiting for approval (with the address unconfirmed unless `confirmed`). */
  pending?: boolean;
  confirmed?: boolean;
}

async function call(
  app: App,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  headers: object,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: headers as Record<string, string>, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A dentist who signed up and confirmed the address, with the insurers, specialties and zone given,
 * approved unless `pending`. Returns the provider's id, its account's id and
 * the credentials to sign in with.
 */
export async function createDentist(
  app: App,
  staffAuth: Record<string, string>,
  options: DentistOptions = {},
) {
  const body = buildRegistroInput({
    ...(options.nombre && { nombre: options.nombre }),
    ...(options.razonSocial && { razonSocial: options.razonSocial }),
  });
  const { id: userId } = (await call(app, 'POST', '/api/registro', {}, body)) as { id: number };
  const solicitudes = (await call(app, 'GET', '/api/profesionales/solicitudes', staffAuth)) as {
    id: number;
    user: { id: number };
  }[];
  const id = solicitudes.find((s) => s.user.id === userId)!.id;
  await call(app, 'PUT', `/api/profesionales/${id}`, staffAuth, {
    nombre: body.nombre,
    razonSocial: body.razonSocial,
    email: body.email,
    telefono: '011 4800-1234',
    especialidades: (options.especialidades ?? []).map((e) => ({ id: e })),
    obrasSociales: (options.obrasSociales ?? []).map((o) => ({ id: o })),
    horarios: emptySchedule(),
    guardias: emptySchedule(),
  });
  if (options.zonaId)
    await call(app, 'PUT', `/api/profesionales/zonas-os/${id}`, staffAuth, { zonaId: options.zonaId });
  if (!options.pending || options.confirmed) await confirmRegistration(app, body.email);
  if (!options.pending) await call(app, 'PUT', `/api/user/solicitudes/${userId}`, staffAuth, {});
  return { id, userId, nombre: body.nombre, email: body.email, password: body.password };
}
