import {
  type CodigoPrestacion,
  formatFecha,
  type Historia,
  type LineaPedidaInput,
  lugarDeLinea,
  MESSAGES,
  type ValidarInput,
} from '@red-dental/contracts';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { type Marca, Odontograma } from '@/components/odontograma/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { useRevision, useValidar, type Veredicto } from '../api/validar.ts';
import { conAutorizacion } from './autorizaciones-vigentes.ts';
import { BORRADOR_VACIO, type Borrador, LineaForm, lineaDe } from './linea-form.tsx';
import { Paciente } from './paciente.tsx';
import styles from './prestaciones.module.css';
import { Validada } from './validada.tsx';
import { type LineaVisita, VisitaLineas } from './visita-lineas.tsx';

export interface Agregada {
  pedida: LineaPedidaInput;
  nombre: string;
}

/** What asking for a prior authorization is given: the patient, the lines that need one, and the way back. */
export interface PedirAutorizacionProps {
  documento: string;
  lineas: readonly Agregada[];
  /** Back to the visit; `pedida` when a request was made (its number applies once approved). */
  onVolver: (pedida: boolean) => void;
}

/** The engine's answer to a line that waits for an auditor (and has no number that covers it). */
const requiereAutorizacion = (l: {
  evaluada?: { resultados: readonly { codigo: string | null; nivel: string }[] };
}) => l.evaluada?.resultados.some((r) => r.codigo === 'D07' && r.nivel === 'bloqueo') ?? false;

/** What exists on the chart: the network's lines on teeth, in red; the visit's own, in blue. */
function marcasDe(historia: Historia, lineas: readonly Agregada[]): Marca[] {
  const existentes = historia.lineas
    .filter((l) => l.pieza !== null && l.estado !== 'anulada' && l.estado !== 'rechazada')
    .map((l) => ({
      pieza: l.pieza!,
      caras: l.caras ?? '',
      tipo: 'existente' as const,
      texto: `${l.nombre} el ${formatFecha(l.fecha)} por ${l.propia ? 'usted' : MESSAGES.prestaciones.OTRO_PRESTADOR}`,
    }));
  const necesarias = lineas
    .filter((l) => l.pedida.pieza != null)
    .map((l) => ({
      pieza: l.pedida.pieza!,
      caras: l.pedida.caras ?? '',
      tipo: 'necesaria' as const,
      texto: `a realizar: ${l.nombre}`,
    }));
  return [...existentes, ...necesarias];
}

/**
 * One patient at the chair: who they are, the odontogram with the network's
 * history, and the visit being written, each line checked as it is added by
 * the engine that will validate it.
 */
export function Consulta({
  historia,
  codigos,
  buscandoCodigos,
  onBuscarCodigo,
  onOtra,
  onRefrescar,
  renderPedirAutorizacion,
}: {
  historia: Historia;
  codigos: readonly CodigoPrestacion[];
  buscandoCodigos: boolean;
  onBuscarCodigo: (text: string) => void;
  onOtra: () => void;
  /** Reads the patient again (a new authorization now covers a line). */
  onRefrescar?: () => void;
  renderPedirAutorizacion?: (props: PedirAutorizacionProps) => ReactNode;
}) {
  const headingId = useId();
  const [borrador, setBorrador] = useState<Borrador>(BORRADOR_VACIO);
  const [lineas, setLineas] = useState<Agregada[]>([]);
  const [fecha, setFecha] = useState(historia.hoy);
  const [urgencia, setUrgencia] = useState(false);
  const [token, setToken] = useState('');
  const [respuesta, setRespuesta] = useState<Veredicto | null>(null);
  const [pidiendo, setPidiendo] = useState(false);
  // Lines already asked for in this visit: no second request for them while the auditor decides.
  const [pedidas_, setPedidas] = useState<ReadonlySet<Agregada>>(new Set());
  const validar = useValidar();
  // A line covered by one of the dentist's approved authorizations carries its number by itself.
  const pedidas = useMemo(
    () =>
      conAutorizacion(
        lineas.map((l) => l.pedida),
        historia.autorizaciones,
      ),
    [lineas, historia.autorizaciones],
  );
  // Any change to the visit makes the last answer and its error stale.
  const cambio = () => {
    setRespuesta(null);
    validar.reset();
  };
  // The validated code is what comes next: the page moves to it, and so does a screen reader.
  const focusOnMount = useCallback((el: HTMLHeadingElement | null) => el?.focus(), []);

  const body: ValidarInput | null =
    lineas.length === 0 || !historia.atiende
      ? null
      : {
          documento: historia.afiliado.documento,
          fecha,
          canal: urgencia ? 'urgencia' : 'normal',
          token: token.trim() || null,
          lineas: pedidas,
        };
  const revision = useRevision(body);
  const marcas = useMemo(() => marcasDe(historia, lineas), [historia, lineas]);
  // Only the answer for these very lines, date and channel: one for what was there before is not shown.
  const vigente = revision.isPlaceholderData ? undefined : revision.data?.validacion;
  const evaluadas = respuesta?.bloqueada ? respuesta.validacion : vigente;
  const vista: LineaVisita[] = lineas.map((l, i) => ({
    codigo: l.pedida.codigo,
    nombre: l.nombre,
    pieza: l.pedida.pieza ?? null,
    caras: l.pedida.caras ?? null,
    sector: l.pedida.sector ?? null,
    autorizacion: pedidas[i]?.autorizacion ?? null,
    evaluada: evaluadas?.lineas.length === lineas.length ? evaluadas.lineas[i] : undefined,
  }));
  const porAutorizar = lineas.filter(
    (l, i) => requiereAutorizacion(vista[i]!) && !pedidas[i]?.autorizacion && !pedidas_.has(l),
  );
  const primeraPorAutorizar = lineas.indexOf(porAutorizar[0]!);
  const bloqueada = vista.some((l) => l.evaluada?.nivel === 'bloqueo');
  // A wrong, spent or missing token is said under its field; the visit stays as it was.
  const tokenError = isApiError(validar.error, 400) ? validar.error.fields?.token : undefined;

  if (respuesta && !respuesta.bloqueada)
    return (
      <Panel aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading} tabIndex={-1} ref={focusOnMount}>
          Atención validada
        </h2>
        <Validada validacion={respuesta.validacion} onOtra={onOtra} />
      </Panel>
    );

  const agregar = () => {
    const pedida = lineaDe(borrador);
    if (!pedida || !borrador.codigo) return;
    setLineas((ls) => [...ls, { pedida, nombre: borrador.codigo!.nombre }]);
    cambio();
    setBorrador(BORRADOR_VACIO);
  };

  return (
    <>
      <Panel aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Paciente
        </h2>
        <Paciente historia={historia} />
      </Panel>
      <Panel aria-label="Odontograma e historia en la red">
        <h2 className={styles.heading}>Odontograma</h2>
        <Odontograma
          label={`Odontograma de ${historia.afiliado.nombre}`}
          marcas={marcas}
          seleccion={historia.atiende ? { pieza: borrador.pieza, caras: borrador.caras } : undefined}
          onSeleccion={historia.atiende ? (s) => setBorrador({ ...borrador, ...s }) : undefined}
        />
        <h3 className={styles.subheading}>Historia en la red</h3>
        {historia.lineas.length === 0 ? (
          <p className={styles.muted}>No hay prestaciones registradas en la red.</p>
        ) : (
          <ul className={styles.historia}>
            {historia.lineas.map((l, i) => (
              // Other dentists' lines carry no id: their place in the history names them.
              <li key={l.id ?? `h${i}`} className={l.estado === 'anulada' ? styles.anulada : undefined}>
                {l.texto}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {historia.atiende && (
        <Panel aria-label="Prestaciones de esta atención">
          <h2 className={styles.heading}>Prestaciones de esta atención</h2>
          <div className={styles.fechaCanal}>
            <TextInput
              label="Fecha de la atención"
              type="date"
              value={fecha}
              min={historia.fechaMinima}
              max={historia.hoy}
              onChange={(e) => {
                setFecha(e.target.value || historia.hoy);
                cambio();
              }}
              hint={
                historia.fechaMinima < historia.hoy
                  ? `Hoy, o una atención anterior desde el ${formatFecha(historia.fechaMinima)}`
                  : undefined
              }
            />
            <Checkbox
              label="Urgencia"
              description="Se atiende sin autorización previa y se regulariza en el plazo del convenio"
              checked={urgencia}
              onChange={(e) => {
                setUrgencia(e.target.checked);
                cambio();
              }}
            />
          </div>
          <LineaForm
            borrador={borrador}
            onChange={setBorrador}
            onAgregar={agregar}
            codigos={codigos}
            onBuscarCodigo={onBuscarCodigo}
            buscando={buscandoCodigos}
          />
          <VisitaLineas
            lineas={vista}
            onQuitar={(i) => {
              setLineas((ls) => ls.filter((_, j) => j !== i));
              cambio();
            }}
            accion={(i) =>
              pedidas_.has(lineas[i]!) && !pedidas[i]?.autorizacion ? (
                <p className={styles.muted}>
                  Autorización pedida: cuando la aprueben, el número se aplica solo.
                </p>
              ) : (
                renderPedirAutorizacion &&
                !pidiendo &&
                i === primeraPorAutorizar && (
                  <div>
                    <Button size="sm" variant="secondary" onClick={() => setPidiendo(true)}>
                      {porAutorizar.length > 1
                        ? `Pedir autorización (${porAutorizar.length} prestaciones)`
                        : 'Pedir autorización'}
                    </Button>
                  </div>
                )
              )
            }
            totales={evaluadas?.lineas.length === lineas.length ? evaluadas.totales : undefined}
          />
          {pidiendo &&
            renderPedirAutorizacion?.({
              documento: historia.afiliado.documento,
              lineas: porAutorizar,
              onVolver: (pedida) => {
                if (pedida) setPedidas(new Set([...pedidas_, ...porAutorizar]));
                setPidiendo(false);
                onRefrescar?.();
              },
            })}
          {revision.isError && <Alert>{errorMessage(revision.error)}</Alert>}
          {validar.isError && !tokenError && <Alert>{errorMessage(validar.error)}</Alert>}
          {respuesta?.bloqueada && <Alert>{respuesta.validacion.error}</Alert>}
          {bloqueada && !respuesta && (
            <p className={styles.muted}>
              Quite o corrija las prestaciones que no se pueden validar:{' '}
              {vista
                .filter((l) => l.evaluada?.nivel === 'bloqueo')
                .map((l) => `${l.codigo} (${lugarDeLinea(l)})`)
                .join(', ')}
              .
            </p>
          )}
          <div className={styles.token}>
            <TextInput
              label="Token del afiliado"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={token}
              onChange={(e) => {
                setToken(e.target.value);
                cambio();
              }}
              hint={
                historia.requiereToken
                  ? 'La obra social lo exige: los 6 números que el afiliado ve en su teléfono, en Mi token'
                  : 'Los 6 números que el afiliado ve en su teléfono, en Mi token, si lo tiene activo'
              }
              error={tokenError}
            />
          </div>
          <div className={styles.acciones}>
            <Button
              disabled={lineas.length === 0 || bloqueada || revision.isFetching || !evaluadas}
              isLoading={validar.isPending}
              onClick={() => body && validar.mutate(body, { onSuccess: setRespuesta })}
            >
              Validar
            </Button>
          </div>
        </Panel>
      )}
    </>
  );
}
