import { formatFecha, type LineaPedidaInput, lugarDeLinea, relojAutorizacion } from '@red-dental/contracts';
import { useCallback, useId, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { type Pedido, pedirAutorizacion, subirAdjunto } from '../api/autorizaciones.ts';
import styles from './autorizaciones.module.css';
import { type Elegido, ElegirArchivos } from './elegir-archivos.tsx';
import { EstadoAutorizacionBadge } from './estado-autorizacion.tsx';

/** A line to ask for, as the chair wrote it, with its code's name. */
export interface LineaAPedir {
  pedida: LineaPedidaInput;
  nombre: string;
}

type Hecho = Extract<Pedido, { bloqueada: false }> & { fallidos: string[] };

/**
 * Asking for a prior authorization: the lines the dentist will do, a note for
 * the auditor, and the X-rays and photos (from the phone's camera or files).
 * The request goes first, then each file; what the rules decide at once comes
 * back approved with its number, the rest waits for an auditor with the
 * contract's promise.
 */
export function PedirAutorizacion({
  documento,
  lineas,
  onVolver,
}: {
  documento: string;
  lineas: readonly LineaAPedir[];
  /** Back to the visit; `pedida` once the request was made. */
  onVolver: (pedida: boolean) => void;
}) {
  const headingId = useId();
  const [nota, setNota] = useState('');
  const [elegidos, setElegidos] = useState<Elegido[]>([]);
  const [enviando, setEnviando] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [bloqueada, setBloqueada] = useState<Extract<Pedido, { bloqueada: true }>>();
  const [hecho, setHecho] = useState<Hecho>();
  const focusOnMount = useCallback((el: HTMLHeadingElement | null) => el?.focus(), []);

  const pedir = async () => {
    setError(undefined);
    setBloqueada(undefined);
    setEnviando('Pidiendo la autorización…');
    try {
      const pedido = await pedirAutorizacion({
        documento,
        lineas: lineas.map((l) => l.pedida),
        nota: nota.trim() || undefined,
      });
      if (pedido.bloqueada) return setBloqueada(pedido);
      const fallidos: string[] = [];
      // An approval by rule needs no file: it is not sent.
      if (pedido.autorizacion.estado === 'en_revision')
        for (const [i, e] of elegidos.entries()) {
          setEnviando(`Enviando ${e.file.name} (${i + 1} de ${elegidos.length})…`);
          try {
            await subirAdjunto(pedido.autorizacion.id, e);
          } catch (err) {
            fallidos.push(`${e.file.name}: ${errorMessage(err)}`);
          }
        }
      setHecho({ ...pedido, fallidos });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setEnviando(null);
    }
  };

  if (hecho) {
    const a = hecho.autorizacion;
    const reloj = relojAutorizacion(a, new Date());
    return (
      <section aria-labelledby={headingId} className={styles.pedido}>
        <h3 id={headingId} className={styles.subheading} tabIndex={-1} ref={focusOnMount}>
          Autorización {a.numero}
        </h3>
        <p role="status">{a.message}</p>
        <p>
          <EstadoAutorizacionBadge estado={a.estado} />{' '}
          {a.venceEl ? `Vale hasta el ${formatFecha(a.venceEl)}` : reloj}
        </p>
        {a.estado === 'aprobada' && (
          <p className={styles.muted}>Ya puede validar la prestación: el número se aplica solo.</p>
        )}
        {hecho.fallidos.length > 0 && (
          <Alert>No se pudo enviar: {hecho.fallidos.join('; ')}. Agréguelo desde la autorización.</Alert>
        )}
        <div className={styles.acciones}>
          <Button variant="secondary" onClick={() => onVolver(true)}>
            Volver a la atención
          </Button>
          <Link
            className={styles.link}
            to={generatePath(PATHS.autorizacion, { id: String(a.id) })}
            target="_blank"
            rel="noopener"
          >
            Ver la autorización (en otra pestaña)
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className={styles.pedido}>
      <h3 id={headingId} className={styles.subheading} tabIndex={-1} ref={focusOnMount}>
        Pedir autorización previa
      </h3>
      <ul className={styles.lineasPedidas}>
        {lineas.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same line may be asked twice; its place names it.
          <li key={i}>
            <strong>{l.pedida.codigo}</strong> {l.nombre} —{' '}
            {lugarDeLinea({
              pieza: l.pedida.pieza ?? null,
              caras: l.pedida.caras ?? null,
              sector: l.pedida.sector ?? null,
            })}
          </li>
        ))}
      </ul>
      <TextArea
        label="Nota para el auditor"
        hint="Diagnóstico, lo que ya se hizo y por qué este tratamiento"
        value={nota}
        maxLength={2000}
        rows={3}
        onChange={(e) => setNota(e.target.value)}
      />
      <ElegirArchivos elegidos={elegidos} onChange={setElegidos} />
      {bloqueada && (
        <Alert>
          {bloqueada.error}:{' '}
          {bloqueada.lineas
            .flatMap((l) =>
              l.resultados
                .filter((r) => r.nivel === 'bloqueo')
                .map((r) => `${l.codigo} (${lugarDeLinea(l)}): ${r.mensaje}`),
            )
            .join('; ')}
        </Alert>
      )}
      {error && <Alert>{error}</Alert>}
      {enviando && (
        <p className={styles.muted} role="status">
          {enviando}
        </p>
      )}
      <div className={styles.acciones}>
        <Button onClick={pedir} isLoading={enviando !== null}>
          Pedir autorización
        </Button>
        <Button variant="secondary" onClick={() => onVolver(false)} disabled={enviando !== null}>
          Cancelar
        </Button>
      </div>
    </section>
  );
}
