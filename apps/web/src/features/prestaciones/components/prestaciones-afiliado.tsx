import {
  ERROR_CODES,
  ESTADO_AUTORIZACION_LABELS,
  ESTADO_LINEA_LABELS,
  formatFecha,
  formatImporte,
  lugarDeLinea,
  networkClock,
  type PrestacionAfiliado,
  relojAutorizacion,
} from '@red-dental/contracts';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { type Marca, Odontograma } from '@/components/odontograma/index.ts';
import { OfflineNotice } from '@/components/offline/offline-notice/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { usePrestacionesAfiliado } from '../api/get-prestaciones-afiliado.ts';
import { AdjuntosAfiliado } from './adjuntos-afiliado.tsx';
import { PreguntaAtencion } from './pregunta-atencion.tsx';
import styles from './prestaciones.module.css';

/** What is done on each tooth, drawn red as the Argentine chart draws what exists. */
function marcasDe(lineas: readonly PrestacionAfiliado[]): Marca[] {
  return lineas
    .filter((l) => l.pieza !== null && l.estado !== 'anulada' && l.estado !== 'rechazada')
    .map((l) => ({
      pieza: l.pieza!,
      caras: l.caras ?? '',
      tipo: 'existente' as const,
      texto: `${l.nombre} el ${formatFecha(l.fecha)} por ${l.prestador}`,
    }));
}

/**
 * The portal's 'Mis prestaciones': the affiliate's own odontogram, read-only,
 * and every line recorded on them across the network, with who recorded it:
 * the affiliate sees who billed for their care. Readable offline.
 */
export function PrestacionesAfiliado() {
  const headingId = useId();
  const preguntasId = useId();
  const autorizacionesId = useId();
  const prestaciones = usePrestacionesAfiliado();
  const lineas = prestaciones.data?.lineas;
  // A copy kept before the questions existed has none.
  const preguntas = prestaciones.data?.preguntas ?? [];
  const autorizaciones = prestaciones.data?.autorizaciones ?? [];
  const marcas = useMemo(() => marcasDe(lineas ?? []), [lineas]);

  // Health data show only on the phone that holds the token: elsewhere, the way to it.
  if (isApiError(prestaciones.error, 403) && prestaciones.error.code === ERROR_CODES.TOKEN_REQUIRED)
    return (
      <Panel className={styles.afiliado}>
        <Alert variant="info">{errorMessage(prestaciones.error)}</Alert>
        <Link to={PATHS.miToken} className={buttonClasses({ variant: 'secondary' })}>
          Ir a Mi token
        </Link>
      </Panel>
    );
  if (prestaciones.isError && !lineas) return <Alert>{errorMessage(prestaciones.error)}</Alert>;
  if (!lineas) return <p className={styles.muted}>Cargando…</p>;
  return (
    <div className={styles.afiliado}>
      <OfflineNotice savedAt={prestaciones.keptSince} what="prestaciones" />
      {preguntas.length > 0 && (
        <Panel aria-labelledby={preguntasId}>
          <h2 id={preguntasId} className={styles.heading}>
            ¿Lo atendieron?
          </h2>
          <p className={styles.muted}>
            Se registraron estas atenciones a su nombre. Su respuesta ayuda a que nadie facture lo que no le
            hicieron ni le cobre de más.
          </p>
          <ul className={styles.lineasAfiliado}>
            {preguntas.map((p) => (
              <PreguntaAtencion key={p.atencionId} pregunta={p} />
            ))}
          </ul>
        </Panel>
      )}
      {autorizaciones.length > 0 && (
        <Panel aria-labelledby={autorizacionesId}>
          <h2 id={autorizacionesId} className={styles.heading}>
            Autorizaciones
          </h2>
          <p className={styles.muted}>
            Lo que su odontólogo pidió autorizar antes de hacerlo, y en qué está cada pedido.
          </p>
          <ul className={styles.lineasAfiliado}>
            {autorizaciones.map((a) => {
              const reloj = relojAutorizacion(a, new Date());
              return (
                <li key={a.numero}>
                  <span className={styles.lineaTitulo}>
                    {ESTADO_AUTORIZACION_LABELS[a.estado]} <span className={styles.muted}>({a.numero})</span>
                  </span>
                  {a.items.map((item) => (
                    <span key={item}>{item}</span>
                  ))}
                  <span className={styles.muted}>
                    Pedida el {formatFecha(networkClock(new Date(a.pedida)).date)} por {a.prestador}
                    {a.venceEl && (a.estado === 'aprobada' || a.estado === 'aprobada_parcial')
                      ? ` · Vale hasta el ${formatFecha(a.venceEl)}`
                      : ''}
                    {a.motivoTexto ? ` · ${a.motivoTexto}` : ''}
                  </span>
                  {reloj && <span>{reloj}</span>}
                  <AdjuntosAfiliado autorizacion={a} />
                </li>
              );
            })}
          </ul>
        </Panel>
      )}
      <Panel aria-label="Su odontograma">
        <h2 className={styles.heading}>Su odontograma</h2>
        <Odontograma label="Su odontograma" marcas={marcas} />
      </Panel>
      <Panel aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Prestaciones registradas a su nombre
        </h2>
        <p className={styles.muted}>
          Cada prestación que un profesional de la red registró para usted, con quién la registró. Si ve una
          que no le hicieron, avísele a su obra social.
        </p>
        {lineas.length === 0 ? (
          <p className={styles.muted}>Todavía no hay prestaciones registradas a su nombre.</p>
        ) : (
          <ul className={styles.lineasAfiliado}>
            {lineas.map((l) => (
              <li key={l.id} className={l.estado === 'anulada' ? styles.anulada : undefined}>
                <span className={styles.lineaTitulo}>
                  {l.nombre} <span className={styles.muted}>({l.codigo})</span>
                </span>
                <span>
                  {formatFecha(l.fecha)} · {lugarDeLinea(l)} · {l.prestador}
                </span>
                <span className={styles.muted}>
                  {ESTADO_LINEA_LABELS[l.estado]} · Coseguro {formatImporte(l.coseguro)} · Código{' '}
                  {l.codigoValidacion}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
