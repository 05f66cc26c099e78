import type { Validacion } from '@red-dental/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PrinterIcon } from '@/components/ui/screen-icons/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { descargarComprobante } from '../api/mis-prestaciones.ts';
import styles from './prestaciones.module.css';
import { VisitaLineas } from './visita-lineas.tsx';

/** The visit validated: its code large, the lines as recorded, the comprobante to print. */
export function Validada({ validacion, onOtra }: { validacion: Validacion; onOtra: () => void }) {
  const [error, setError] = useState<string>();
  const [printing, setPrinting] = useState(false);
  const codigo = validacion.codigoValidacion!;
  const imprimir = async () => {
    setPrinting(true);
    setError(undefined);
    try {
      await descargarComprobante(validacion.atencionId!, codigo);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <div className={styles.validada}>
      <p className={styles.validadaLabel}>Código de validación</p>
      <p className={styles.codigo} aria-live="polite">
        {codigo}
      </p>
      <VisitaLineas
        lineas={validacion.lineas.map((l) => ({ ...l, evaluada: l }))}
        totales={validacion.totales}
      />
      {error && <Alert>{error}</Alert>}
      <div className={styles.acciones}>
        <Button onClick={imprimir} isLoading={printing} icon={<PrinterIcon size={18} />}>
          Imprimir comprobante
        </Button>
        <Button variant="secondary" onClick={onOtra}>
          Atender a otro paciente
        </Button>
      </div>
    </div>
  );
}
