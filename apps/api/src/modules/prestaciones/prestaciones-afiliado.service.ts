import { ERROR_CODES, MESSAGES, type PrestacionesAfiliado } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { provesPhone } from '../../lib/token-afiliado.ts';
import type { AfiliadoSubject } from '../../plugins/auth.ts';
import { recordAfiliadoAudit } from '../auditoria/auditoria.repository.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import * as repo from './prestaciones.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'secretBox' | 'spendFailure'>;

/**
 * The affiliate's own lines across the network, for the portal's 'Mis
 * prestaciones': health data, so only on the phone enrolled for their token.
 */
export async function prestacionesAfiliado(
  deps: Deps,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
): Promise<PrestacionesAfiliado> {
  const dispositivo = await tokenRepo.findActivo(deps.db, afiliado.id);
  const telefono = await provesPhone(deps, afiliado.id, dispositivo, proof);
  if (telefono === 'incorrecto') {
    const a = await tokenRepo.findAfiliado(deps.db, afiliado.id);
    if (a)
      await recordAfiliadoAudit(
        deps.db,
        { id: a.id, nombre: a.nombre, documento: a.documento, address: proof.address },
        {
          action: 'reject',
          entity: 'token',
          details: { afiliadoId: a.id, documento: a.documento, motivo: 'lectura' },
        },
      );
  }
  if (telefono !== 'ok')
    throw new AppError(403, MESSAGES.prestaciones.AFILIADO_SIN_TOKEN, ERROR_CODES.TOKEN_REQUIRED);
  return { lineas: await repo.findLineasAfiliado(deps.db, afiliado.id) };
}
