import { type AdjuntoAutorizacion, tipoDeAdjunto } from '@red-dental/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { DownloadIcon, RotateIcon, ZoomInIcon, ZoomOutIcon } from '@/components/ui/screen-icons/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { apiDownload } from '@/lib/api-files.ts';
import { formatMomentTime } from '@/lib/format.ts';
import { useAdjunto } from '../api/autorizaciones.ts';
import styles from './visor-adjuntos.module.css';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
/**
 * A quarter turn about the top left corner and back into view, so that a turned image stays where
 * the frame scrolls (a turn about its centre would push a corner above or left of it, out of reach).
 */
const GIROS = [
  {},
  { transform: 'rotate(90deg) translateY(-100%)', transformOrigin: 'top left' },
  { transform: 'rotate(180deg)' },
  { transform: 'rotate(270deg) translateX(-100%)', transformOrigin: 'top left' },
] as const;
const tipoDe = (a: AdjuntoAutorizacion) => tipoDeAdjunto(a.tipo);

/** One file open: an image with zoom and rotation, or a PDF to download. */
function Hoja({ autorizacionId, adjunto }: { autorizacionId: number; adjunto: AdjuntoAutorizacion }) {
  const esImagen = adjunto.mime !== 'application/pdf';
  const [zoom, setZoom] = useState(2);
  const [giro, setGiro] = useState(0);
  const [error, setError] = useState<string>();
  const blob = useAdjunto(autorizacionId, adjunto.id, esImagen);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const nombre = `${tipoDe(adjunto)}: ${adjunto.nombre}`;
  const descargar = () =>
    apiDownload(`autorizaciones/${autorizacionId}/adjuntos/${adjunto.id}`, {
      fileName: adjunto.nombre,
    }).catch((e) => setError(errorMessage(e)));

  return (
    <figure className={styles.hoja}>
      <figcaption className={styles.hojaHead}>
        <span className={styles.hojaNombre}>{nombre}</span>
        {esImagen && (
          <span className={styles.hojaControles}>
            <button
              type="button"
              className={styles.control}
              aria-label={`Alejar ${adjunto.nombre}`}
              title="Alejar"
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
            >
              <ZoomOutIcon size={18} />
            </button>
            <span className={styles.zoom} aria-live="polite">
              {Math.round(ZOOMS[zoom]! * 100)} %
            </span>
            <button
              type="button"
              className={styles.control}
              aria-label={`Acercar ${adjunto.nombre}`}
              title="Acercar"
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            >
              <ZoomInIcon size={18} />
            </button>
            <button
              type="button"
              className={styles.control}
              aria-label={`Girar ${adjunto.nombre}`}
              title="Girar 90°"
              onClick={() => setGiro((g) => (g + 90) % 360)}
            >
              <RotateIcon size={18} />
            </button>
          </span>
        )}
      </figcaption>
      {esImagen ? (
        // Scrolled with the arrow keys too, once zoomed in: it takes the focus.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        <section className={styles.lienzo} tabIndex={0} aria-label={`${nombre}, desplazable`}>
          {blob.isPending && <Spinner />}
          {blob.isError && <Alert>{errorMessage(blob.error)}</Alert>}
          {url && (
            <img
              src={url}
              alt={nombre}
              className={styles.imagen}
              style={{ width: `${ZOOMS[zoom]! * 100}%`, ...GIROS[giro / 90]! }}
            />
          )}
        </section>
      ) : (
        <div className={styles.pdf}>
          <p className={styles.muted}>Documento PDF de {Math.ceil(adjunto.bytes / 1024)} KB.</p>
          <Button variant="secondary" icon={<DownloadIcon size={18} />} onClick={descargar}>
            Descargar el PDF
          </Button>
          {error && <Alert>{error}</Alert>}
        </div>
      )}
    </figure>
  );
}

/**
 * A request's files side by side: pick one to open it, a second to see both
 * at once (an X-ray before and a photo, two angles), each with its own zoom
 * and rotation. Every opening is recorded on the affiliate by the API.
 */
export function VisorAdjuntos({
  autorizacionId,
  adjuntos,
}: {
  autorizacionId: number;
  adjuntos: readonly AdjuntoAutorizacion[];
}) {
  const [abiertos, setAbiertos] = useState<number[]>(() => (adjuntos[0] ? [adjuntos[0].id] : []));
  if (adjuntos.length === 0) return <p className={styles.muted}>No hay archivos adjuntos.</p>;
  const alternar = (id: number) =>
    setAbiertos((a) => (a.includes(id) ? a.filter((x) => x !== id) : [...a, id].slice(-2)));
  return (
    <div className={styles.visor}>
      <ul className={styles.miniaturas} aria-label="Archivos (hasta dos a la vez)">
        {adjuntos.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className={styles.miniatura}
              aria-pressed={abiertos.includes(a.id)}
              onClick={() => alternar(a.id)}
            >
              <span className={styles.miniaturaTipo}>{tipoDe(a)}</span>
              <span className={styles.miniaturaNombre}>{a.nombre}</span>
              <span className={styles.muted}>{formatMomentTime(a.subido)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.hojas} data-dos={abiertos.length === 2 || undefined}>
        {abiertos
          .map((id) => adjuntos.find((a) => a.id === id))
          .filter((a) => a !== undefined)
          .map((a) => (
            <Hoja key={a.id} autorizacionId={autorizacionId} adjunto={a} />
          ))}
      </div>
    </div>
  );
}
