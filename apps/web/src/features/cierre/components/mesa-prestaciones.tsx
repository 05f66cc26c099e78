import {
  DEBITOS,
  ESTADO_LINEA_LABELS,
  ESTADOS_EN_AUDITORIA,
  type EstadoEnAuditoria,
  formatFecha,
  formatImporte,
  type LineaPresentada,
  lugarDeLinea,
  MOTIVO_MUESTRA_LABELS,
  type ObraSocialRef,
} from '@red-dental/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatMomentTime } from '@/lib/format.ts';
import mesa from '@/styles/mesa-auditoria.module.css';
import resultados from '@/styles/resultados.module.css';
import { useLineasPresentadas } from '../api/lineas.ts';
import styles from './cierre.module.css';
import { DecisionLinea } from './decision-linea.tsx';

const PAGE_SIZE = 50;

/** Why the line is here, in a word: the sample's reason, or where it stands. */
function Por({ l }: { l: LineaPresentada }) {
  if (l.estado === 'reconsideracion') return <Badge tone="warning">Reconsideración</Badge>;
  if (l.estado === 'observada') return <Badge>Observada</Badge>;
  if (l.muestra === 'alarma') return <Badge tone="error">Alarma del cierre</Badge>;
  return <Badge>{l.muestra ? MOTIVO_MUESTRA_LABELS[l.muestra] : ESTADO_LINEA_LABELS[l.estado]}</Badge>;
}

/** The open line: what, where, for whom and by whom, what the chair and the closing said, each step. */
function Abierta({ l, onDecidida }: { l: LineaPresentada; onDecidida: (m: string) => void }) {
  const respuesta = l.confirmacion;
  return (
    <Panel className={styles.seccion} aria-labelledby={`linea-${l.id}`}>
      <div className={mesa.filaHead}>
        <h2 id={`linea-${l.id}`} className={styles.heading}>
          {l.codigo} {l.nombre}, {lugarDeLinea(l)}
        </h2>
        <Por l={l} />
      </div>
      <dl className={styles.cifras}>
        <div>
          <dt>Atención</dt>
          <dd className={styles.mono}>{l.codigoValidacion}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{formatFecha(l.fecha)}</dd>
        </div>
        <div>
          <dt>Paciente</dt>
          <dd>{l.afiliado.nombre}</dd>
        </div>
        <div>
          <dt>Prestador</dt>
          <dd>{l.profesional.nombre}</dd>
        </div>
        <div>
          <dt>Obra social</dt>
          <dd>{l.obraSocial.nombre}</dd>
        </div>
        <div>
          <dt>Arancel</dt>
          <dd>{formatImporte(l.importe)}</dd>
        </div>
        <div>
          <dt>A cargo de la obra social</dt>
          <dd>{formatImporte(l.cargoOs)}</dd>
        </div>
      </dl>
      {l.alarmas.length > 0 && (
        <section>
          <h3 className={styles.heading}>Lo que encontró el cierre</h3>
          <ul className={resultados.resultados}>
            {l.alarmas.map((a) => (
              <li key={`${a.codigo}-${a.mensaje}`} className={resultados.bloqueo}>
                {a.mensaje} ({a.codigo}: {DEBITOS[a.codigo]})
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3 className={styles.heading}>Lo que dijeron las reglas en la atención</h3>
        <ul className={resultados.resultados}>
          {l.resultados.map((r) => (
            <li key={`${r.codigo}-${r.mensaje}`} className={resultados[r.nivel]}>
              {r.mensaje}
            </li>
          ))}
        </ul>
      </section>
      {respuesta && (
        <p className={styles.negativo}>
          {respuesta.atendido
            ? `El afiliado dijo que le cobraron ${formatImporte(respuesta.cobro)} (coseguro ${formatImporte(respuesta.coseguro)})`
            : 'El afiliado dijo que no lo atendieron'}
        </p>
      )}
      {l.pasos.length > 0 && (
        <section>
          <h3 className={styles.heading}>Pasos</h3>
          <ol className={styles.stack}>
            {l.pasos.map((p) => (
              <li key={p.at}>
                {formatMomentTime(p.at)}, {p.por}: {ESTADO_LINEA_LABELS[p.estado].toLowerCase()}
                {p.motivo ? ` (${p.motivo}: ${DEBITOS[p.motivo]})` : ''}
                {p.nota ? `. «${p.nota}»` : ''}
              </li>
            ))}
          </ol>
        </section>
      )}
      {l.estado === 'observada' && (
        <p className={styles.muted}>
          Espera la respuesta del profesional hasta el {formatFecha(l.observadaHasta!)}; sin ella, el próximo
          cierre la rechaza. Se puede decidir igual.
        </p>
      )}
      <DecisionLinea key={l.id} linea={l} onDecidida={onDecidida} />
    </Panel>
  );
}

/**
 * The presented lines the auditor decides: the closing's sample, alarms and
 * warnings, the observed ones, the reconsiderations first. The open line
 * beside the queue; a decision opens the next.
 */
export function MesaPrestaciones({ obrasSociales }: { obrasSociales: readonly ObraSocialRef[] }) {
  const [estado, setEstado] = useState<EstadoEnAuditoria | undefined>();
  const [obraSocialId, setObraSocialId] = useState<number | undefined>();
  const [abierta, setAbierta] = useState<number | null>(null);
  const toast = useToast();
  const cola = useLineasPresentadas({ estado, obraSocialId, pageIndex: 0, pageSize: PAGE_SIZE });
  const filas = cola.data?.rows ?? [];
  const l = filas.find((f) => f.id === abierta) ?? filas[0];

  return (
    <div className={mesa.mesa}>
      <Panel aria-labelledby="cola-lineas" className={mesa.colaPanel}>
        <h2 id="cola-lineas" className={styles.heading}>
          Prestaciones presentadas {cola.data && <span className={styles.muted}>({cola.data.rowCount})</span>}
        </h2>
        <div className={mesa.filtros}>
          <Select
            label="Estado"
            placeholder="Todas las que esperan"
            options={ESTADOS_EN_AUDITORIA.map((e) => ({ value: e, label: ESTADO_LINEA_LABELS[e] }))}
            value={estado ?? ''}
            onChange={(e) => setEstado((e.target.value || undefined) as EstadoEnAuditoria | undefined)}
          />
          {obrasSociales.length > 0 && (
            <Select
              label="Obra social"
              placeholder="Todas"
              options={obrasSociales.map((o) => ({ value: String(o.id), label: o.nombre }))}
              value={obraSocialId ? String(obraSocialId) : ''}
              onChange={(e) => setObraSocialId(e.target.value ? Number(e.target.value) : undefined)}
            />
          )}
        </div>
        {cola.isLoading && <Spinner />}
        {cola.data && filas.length === 0 && (
          <p className={styles.muted}>No hay prestaciones que esperen una decisión.</p>
        )}
        <ol className={mesa.cola} aria-label="Prestaciones de la cola">
          {filas.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className={mesa.fila}
                aria-current={f.id === l?.id || undefined}
                onClick={() => setAbierta(f.id)}
              >
                <span className={mesa.filaHead}>
                  <span>
                    {f.codigo} {lugarDeLinea(f)}
                  </span>
                  <Por l={f} />
                </span>
                <span>
                  {f.profesional.nombre} · {f.obraSocial.nombre}
                </span>
                <span className={styles.muted}>
                  {formatFecha(f.fecha)} · {f.afiliado.nombre} · {formatImporte(f.cargoOs)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </Panel>
      <div className={mesa.abierta}>
        {l && (
          <Abierta
            l={l}
            onDecidida={(message) => {
              toast.success(message);
              const siguiente = filas.find((f) => f.id !== l.id && f.estado !== 'observada');
              setAbierta(siguiente?.id ?? null);
            }}
          />
        )}
      </div>
    </div>
  );
}
