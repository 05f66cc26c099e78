import { type AutorizacionAfiliado, tipoDeAdjunto } from '@red-dental/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { DownloadIcon } from '@/components/ui/screen-icons/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { descargarAdjuntoAfiliado } from '../api/get-prestaciones-afiliado.ts';
import styles from './prestaciones.module.css';

/** The X-rays and photos of one of the affiliate's authorizations, each saved on the phone when asked. */
export function AdjuntosAfiliado({ autorizacion }: { autorizacion: AutorizacionAfiliado }) {
  const [abriendo, setAbriendo] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  // A copy kept on the device before files were listed has none.
  const adjuntos = autorizacion.adjuntos ?? [];
  if (adjuntos.length === 0) return null;
  const abrir = async (d: AutorizacionAfiliado['adjuntos'][number]) => {
    setAbriendo(d.id);
    setError(undefined);
    try {
      await descargarAdjuntoAfiliado(autorizacion.numero, d);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setAbriendo(null);
    }
  };
  return (
    <span className={styles.adjuntosAfiliado}>
      {adjuntos.map((d) => (
        <Button
          key={d.id}
          size="sm"
          variant="secondary"
          icon={<DownloadIcon size={16} />}
          isLoading={abriendo === d.id}
          onClick={() => void abrir(d)}
        >
          {`${tipoDeAdjunto(d.tipo)}: ${d.nombre}`}
        </Button>
      ))}
      {error && <Alert>{error}</Alert>}
    </span>
  );
}
