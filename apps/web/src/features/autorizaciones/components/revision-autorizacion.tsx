import { type Autorizacion, type ContextoAuditoria, formatFecha, formatImporte } from '@red-dental/contracts';
import { useMemo } from 'react';
import { type Marca, Odontograma } from '@/components/odontograma/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import mesa from '@/styles/mesa-auditoria.module.css';
import { useContexto } from '../api/auditoria-odontologica.ts';
import styles from './autorizaciones.module.css';
import { ItemsAutorizacion } from './items-autorizacion.tsx';

/** The chart: what the network recorded, in red; what is asked for, in blue. */
function marcasDe(a: Autorizacion, ctx: ContextoAuditoria | undefined): Marca[] {
  const existentes = (ctx?.lineas ?? [])
    .filter((l) => l.pieza !== null && l.estado !== 'anulada' && l.estado !== 'rechazada')
    .map((l) => ({
      pieza: l.pieza!,
      caras: l.caras ?? '',
      tipo: 'existente' as const,
      texto: `${l.nombre} el ${formatFecha(l.fecha)} por ${l.prestador}`,
    }));
  const pedidas = a.items
    .filter((i) => i.pieza !== null)
    .map((i) => ({
      pieza: i.pieza!,
      caras: i.caras ?? '',
      tipo: 'necesaria' as const,
      texto: `pedida: ${i.nombre}`,
    }));
  return [...existentes, ...pedidas];
}

const loQueDijo = (r: ContextoAuditoria['respuestas'][number]) =>
  !r.atendido
    ? 'Dijo que no lo atendieron'
    : r.cobro > r.coseguro
      ? `Dijo que le cobraron ${formatImporte(r.cobro)} (coseguro ${formatImporte(r.coseguro)})`
      : 'Confirmó la atención';

/**
 * What the auditor weighs a request against: the odontogram with the
 * network's lines and the asked ones, the earlier lines on the same teeth (by
 * whom), what the plan's rules said of each asked line, and the affiliate's
 * answers about earlier visits (a "no me atendieron" stands out).
 */
export function RevisionAutorizacion({ autorizacion: a }: { autorizacion: Autorizacion }) {
  const contexto = useContexto(a.id);
  const ctx = contexto.data;
  const marcas = useMemo(() => marcasDe(a, ctx), [a, ctx]);
  const piezas = new Set(a.items.map((i) => i.pieza).filter((p) => p !== null));
  const enEsasPiezas = (ctx?.lineas ?? []).filter((l) => l.pieza !== null && piezas.has(l.pieza));
  const otras = (ctx?.lineas ?? []).filter(
    (l) => l.pieza !== null && !piezas.has(l.pieza) && l.estado !== 'anulada' && l.estado !== 'rechazada',
  ).length;

  return (
    <div className={mesa.revision}>
      <section aria-label="Lo que se pide y lo que dicen las reglas">
        <h3 className={styles.subheading}>Prestaciones pedidas y reglas del plan</h3>
        <ItemsAutorizacion items={a.items} adjuntos={a.adjuntos} />
      </section>
      <section aria-label="Odontograma y prestaciones anteriores">
        <h3 className={styles.subheading}>Odontograma</h3>
        {contexto.isPending && <Spinner />}
        {contexto.isError && <Alert>{errorMessage(contexto.error)}</Alert>}
        <Odontograma label={`Odontograma de ${a.afiliado.nombre}`} marcas={marcas} />
        <h3 className={styles.subheading}>En la red, en esas piezas</h3>
        {enEsasPiezas.length === 0 ? (
          <p className={styles.muted}>No hay prestaciones anteriores en esas piezas.</p>
        ) : (
          <ul className={mesa.anteriores}>
            {enEsasPiezas.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two lines may read alike; the list is read-only.
              <li key={i}>{l.texto}</li>
            ))}
          </ul>
        )}
        {otras > 0 && (
          <p className={styles.muted}>
            {otras === 1 ? 'Hay 1 prestación más' : `Hay ${otras} prestaciones más`} en otras piezas, marcadas
            en el odontograma.
          </p>
        )}
      </section>
      <section aria-label="Respuestas del afiliado">
        <h3 className={styles.subheading}>Lo que respondió el afiliado de sus atenciones</h3>
        {ctx && ctx.respuestas.length === 0 ? (
          <p className={styles.muted}>El afiliado no respondió sobre atenciones anteriores.</p>
        ) : (
          <ul className={mesa.respuestas}>
            {ctx?.respuestas.map((r) => (
              <li key={r.atencionId} className={r.observada ? mesa.observada : undefined}>
                {formatFecha(r.fecha)}, {r.prestador}: {loQueDijo(r)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
