import type { ReporteAfiliado } from '@red-dental/contracts';

/**
 * Who sent a report, as the reports queue and the provider's page write it:
 * 'Marta Gil (30111222)', or the initials alone ('M. G.') when the server
 * sends no document (the user may not look affiliates up).
 */
export function reporteAfiliadoLabel(afiliado: ReporteAfiliado): string {
  return 'documento' in afiliado ? `${afiliado.nombre} (${afiliado.documento})` : afiliado.iniciales;
}
