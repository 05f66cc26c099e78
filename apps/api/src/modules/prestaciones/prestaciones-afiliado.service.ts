import { ERROR_CODES, MESSAGES, type PrestacionesAfiliado } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { acceptedStep } from '../../lib/totp.ts';
import type { AfiliadoSubject } from '../../plugins/auth.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import * as repo from './prestaciones.repository.ts';
import { TOKEN_CAP } from './prestaciones.service.ts';

type Deps = Pick<FastifyInstance, 'db' | 'secretBox' | 'accountFailures'>;

/**
 * Whether the request comes from the affiliate's enrolled phone: its current
 * code (any of the window, not spent) proves more than the document a
 * portal session opens with. Wrong codes count against the affiliate's
 * token like those typed at the chair.
 */
async function probarTelefono(deps: Deps, afiliadoId: number, codigo: string | undefined, address: string) {
  const d = await tokenRepo.findActivo(deps.db, afiliadoId);
  if (!d || !codigo) return false;
  const attempt = await deps.accountFailures.begin('token-afiliado', String(afiliadoId), address, {
    accountCap: TOKEN_CAP,
  });
  const step = acceptedStep(deps.secretBox.open(d.secreto), codigo, null, { period: d.paso_segundos });
  if (typeof step === 'number') {
    await attempt.succeeded();
    return true;
  }
  await attempt.failed();
  return false;
}

/**
 * The affiliate's own lines across the network, for the portal's 'Mis
 * prestaciones': health data, so only on the phone enrolled for their token.
 */
export async function prestacionesAfiliado(
  deps: Deps,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
): Promise<PrestacionesAfiliado> {
  if (!(await probarTelefono(deps, afiliado.id, proof.codigo, proof.address)))
    throw new AppError(403, MESSAGES.prestaciones.AFILIADO_SIN_TOKEN, ERROR_CODES.TOKEN_REQUIRED);
  const rows = await repo.findLineasAfiliado(deps.db, afiliado.id);
  return {
    lineas: rows.map((r) => ({
      id: r.id,
      fecha: r.fecha,
      codigo: r.codigo,
      nombre: r.nombre,
      pieza: r.pieza,
      caras: r.caras || null,
      sector: r.sector,
      estado: r.estado,
      prestador: r.prestador,
      coseguro: r.coseguro,
      codigoValidacion: r.codigo_validacion,
    })),
  };
}
