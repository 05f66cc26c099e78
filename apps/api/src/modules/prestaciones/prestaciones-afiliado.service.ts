import type { PrestacionesAfiliado } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { AfiliadoSubject } from '../../plugins/auth.ts';
import * as repo from './prestaciones.repository.ts';

/** The affiliate's own lines across the network, for the portal's 'Mis prestaciones'. */
export async function prestacionesAfiliado(
  deps: Pick<FastifyInstance, 'db'>,
  afiliado: AfiliadoSubject,
): Promise<PrestacionesAfiliado> {
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
