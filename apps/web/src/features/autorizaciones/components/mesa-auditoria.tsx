import {
  type AutorizacionFila,
  ESTADO_AUTORIZACION_LABELS,
  ESTADOS_AUTORIZACION,
  type EstadoAutorizacion,
  lugarDeLinea,
  type ObraSocialRef,
  relojAutorizacion,
} from '@red-dental/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import mesa from '@/styles/mesa-auditoria.module.css';
import { useCola } from '../api/auditoria-odontologica.ts';
import { useAutorizacion } from '../api/autorizaciones.ts';
import { Cabecera } from './autorizacion-detalle.tsx';
import styles from './autorizaciones.module.css';
import { DECISIONES, type Decision, DecisionAuditor } from './decision-auditor.tsx';
import { EstadoAutorizacionBadge } from './estado-autorizacion.tsx';
import { HiloAutorizacion } from './hilo-autorizacion.tsx';
import { RevisionAutorizacion } from './revision-autorizacion.tsx';
import { VisorAdjuntos } from './visor-adjuntos.tsx';

const PAGE_SIZE = 50;
const idOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
/** Keys typed in a field are words, not decisions. */
const escribiendo = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A request in the queue: number, patient, what and where, and the clock. */
function Fila({ a, abierta, onAbrir }: { a: AutorizacionFila; abierta: boolean; onAbrir: () => void }) {
  return (
    <li>
      <button type="button" className={mesa.fila} aria-current={abierta || undefined} onClick={onAbrir}>
        <span className={mesa.filaHead}>
          <span className={styles.mono}>{a.numero}</span>
          <EstadoAutorizacionBadge estado={a.estado} />
        </span>
        <span>
          {a.afiliado.nombre} · {a.obraSocial.nombre}
        </span>
        <span className={styles.muted}>
          {a.items.map((i) => `${i.codigo} ${lugarDeLinea(i)}`).join(', ')}
          {a.adjuntos.length > 0 && ` · ${formatCount(a.adjuntos.length, 'archivo', 'archivos')}`}
        </span>
        <span className={styles.muted}>{relojAutorizacion(a, new Date())}</span>
      </button>
    </li>
  );
}

/**
 * `/auditoria-odontologica`: the dental auditor's workbench. The queue, by
 * the contract's clock (the promise that runs out first on top), filtered by
 * state, insurer, dentist or code; the open request beside it with what it is
 * judged against, its files side by side and its thread; the decision taken
 * from the keyboard (A, P, O, R), after which the next request opens.
 */
export function MesaAuditoria({ obrasSociales }: { obrasSociales: readonly ObraSocialRef[] }) {
  const toast = useToast();
  const colaId = useId();
  const [params, setParams] = useSearchParams();
  const estadoParam = params.get('estado');
  const estado = (ESTADOS_AUTORIZACION as readonly string[]).includes(estadoParam ?? '')
    ? (estadoParam as EstadoAutorizacion)
    : undefined;
  const obraSocialId = idOf(params.get('obraSocialId'));
  const profesionalId = idOf(params.get('profesionalId'));
  const codigo = params.get('codigo') ?? '';
  const [codigoTexto, setCodigoTexto] = useState(codigo);
  const cola = useCola({
    pageIndex: 0,
    pageSize: PAGE_SIZE,
    estado,
    obraSocialId,
    profesionalId,
    codigo: codigo || undefined,
  });
  const filas = cola.data?.rows ?? [];
  const [abiertaId, setAbiertaId] = useState<number | null>(null);
  // Decided here: skipped until the queue reads again without them.
  const [decididas, setDecididas] = useState<ReadonlySet<number>>(new Set());
  // The first of the queue opens by itself; so does the next after a decision.
  const abierta = abiertaId ?? filas.find((f) => !decididas.has(f.id))?.id ?? null;
  const detalle = useAutorizacion(abierta);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [atajos, setAtajos] = useState(true);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const [enfocar, setEnfocar] = useState(false);
  // A decision picked belongs to the request it was picked on: another one opening drops it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open request is what drops it.
  useEffect(() => setDecision(null), [abierta]);

  const filtrar = (next: Record<string, string | undefined>) => {
    const merged: Record<string, string | undefined> = {
      estado,
      obraSocialId: obraSocialId ? String(obraSocialId) : undefined,
      profesionalId: profesionalId ? String(profesionalId) : undefined,
      codigo: codigo || undefined,
      ...next,
    };
    abrir(null);
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>, {
      replace: true,
    });
  };

  const abrir = (id: number | null) => {
    setAbiertaId(id);
    setDecision(null);
  };

  // A, P, O, R pick the decision on the open request (not while typing, nor over a dialog); Escape
  // lets it go. The keys can be turned off.
  const decidible =
    (detalle.data?.estado === 'en_revision' || detalle.data?.estado === 'observada') &&
    detalle.data.id === abierta;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!atajos || event.repeat || event.isComposing || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'Escape' && decision) return setDecision(null);
      if (!decidible || event.ctrlKey || event.metaKey || event.altKey || escribiendo(event.target)) return;
      const d = DECISIONES.find((x) => x.tecla === event.key.toUpperCase());
      if (!d) return;
      event.preventDefault();
      setDecision(d.decision);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [atajos, decidible, decision]);

  // The next request's heading takes the focus, so a screen reader says which one opened.
  useEffect(() => {
    if (enfocar && detalle.data?.id === abierta) {
      tituloRef.current?.focus();
      setEnfocar(false);
    }
  }, [enfocar, detalle.data, abierta]);

  const decidida = (message: string) => {
    toast.success(message);
    const hechas = new Set(decididas).add(abierta!);
    setDecididas(hechas);
    const i = filas.findIndex((f) => f.id === abierta);
    const siguiente = [...filas.slice(i + 1), ...filas.slice(0, i)].find((f) => !hechas.has(f.id));
    abrir(siguiente?.id ?? null);
    setEnfocar(true);
  };

  const a = detalle.data;
  return (
    <div className={mesa.mesa}>
      <Panel aria-labelledby={colaId} className={mesa.colaPanel}>
        <h2 id={colaId} className={styles.heading}>
          Cola {cola.data && <span className={styles.muted}>({cola.data.rowCount})</span>}
        </h2>
        <div className={mesa.filtros}>
          <Select
            label="Estado"
            placeholder="Abiertas (en revisión u observadas)"
            options={ESTADOS_AUTORIZACION.map((e) => ({ value: e, label: ESTADO_AUTORIZACION_LABELS[e] }))}
            value={estado ?? ''}
            onChange={(e) => filtrar({ estado: e.target.value || undefined })}
          />
          <Select
            label="Obra social"
            placeholder="Todas"
            options={obrasSociales.map((o) => ({ value: o.id, label: o.nombre }))}
            value={obraSocialId ?? ''}
            onChange={(e) => filtrar({ obraSocialId: e.target.value || undefined })}
          />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              filtrar({ codigo: codigoTexto.trim() || undefined });
            }}
          >
            <TextInput
              label="Código"
              placeholder="04.01"
              value={codigoTexto}
              onChange={(e) => setCodigoTexto(e.target.value)}
              onBlur={() =>
                codigoTexto.trim() !== codigo && filtrar({ codigo: codigoTexto.trim() || undefined })
              }
            />
          </form>
          {profesionalId && (
            <p className={styles.muted}>
              Solo las de {filas[0]?.profesional.nombre ?? 'un profesional'}.{' '}
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => filtrar({ profesionalId: undefined })}
              >
                Ver las de todos
              </button>
            </p>
          )}
        </div>
        {cola.isError && <Alert>{errorMessage(cola.error)}</Alert>}
        {cola.isPending && <Spinner />}
        <Checkbox
          label="Decidir con el teclado"
          description="A aprueba, P aprueba en parte, O observa, R rechaza"
          checked={atajos}
          onChange={(e) => setAtajos(e.target.checked)}
        />
        {cola.data && filas.length === 0 && (
          <p className={styles.muted}>
            {estado || obraSocialId || profesionalId || codigo
              ? 'No hay autorizaciones con estos filtros.'
              : 'No hay autorizaciones para revisar.'}
          </p>
        )}
        <ol className={mesa.cola} aria-label="Autorizaciones de la cola">
          {filas.map((f) => (
            <Fila key={f.id} a={f} abierta={f.id === abierta} onAbrir={() => abrir(f.id)} />
          ))}
        </ol>
      </Panel>
      <div className={mesa.abierta}>
        {detalle.isError && <Alert>{errorMessage(detalle.error)}</Alert>}
        {a && (
          <>
            <Panel aria-labelledby={`titulo-${a.id}`}>
              <h2 id={`titulo-${a.id}`} ref={tituloRef} tabIndex={-1} className={mesa.srOnlyHeading}>
                Autorización {a.numero}
              </h2>
              <Cabecera a={a} />
              <p className={styles.muted}>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => filtrar({ profesionalId: String(a.profesional.id) })}
                >
                  Ver solo las de {a.profesional.nombre}
                </button>
              </p>
              {decidible ? (
                <DecisionAuditor
                  key={a.id}
                  autorizacion={a}
                  decision={decision}
                  onDecision={setDecision}
                  onDecidida={decidida}
                />
              ) : (
                <p className={styles.muted}>Esta autorización ya fue decidida.</p>
              )}
            </Panel>
            <Panel aria-label="Archivos">
              <h2 className={styles.heading}>Archivos</h2>
              <VisorAdjuntos key={a.id} autorizacionId={a.id} adjuntos={a.adjuntos} />
            </Panel>
            <Panel aria-labelledby={`contexto-${a.id}`}>
              <h2 id={`contexto-${a.id}`} className={styles.heading}>
                Contexto clínico
              </h2>
              <RevisionAutorizacion autorizacion={a} />
            </Panel>
            <Panel aria-label="Mensajes con el profesional">
              <h2 className={styles.heading}>Mensajes con el profesional</h2>
              <HiloAutorizacion id={a.id} mensajes={a.mensajes} abierto={decidible} />
            </Panel>
          </>
        )}
      </div>
    </div>
  );
}
