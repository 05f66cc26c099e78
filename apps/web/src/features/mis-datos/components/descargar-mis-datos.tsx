import { MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { DownloadIcon, FileTextIcon } from '@/components/ui/screen-icons/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { downloadMisDatos } from '../api/download-mis-datos.ts';
import type { Titular } from '../api/get-mis-datos.ts';
import styles from './mis-datos.module.css';

export interface DescargarMisDatosProps {
  titular: Titular;
  /** The screen that shows the same data ready to print. */
  printPath: string;
}

const WHAT: Record<Titular, string> = {
  afiliado:
    'Sus datos personales, su obra social, las notificaciones que recibió con la fecha en que las leyó, quién consultó sus datos, los teléfonos con su token y, desde el teléfono con el token, sus prestaciones.',
  usuario:
    'Su cuenta, su perfil profesional con horarios, sus sesiones, las notificaciones que recibió con la fecha en que las leyó y las consultas de cobertura que hizo.',
};

/** 'Descargar mis datos': everything the network holds about the caller, as a file or ready to print. */
export function DescargarMisDatos({ titular, printPath }: DescargarMisDatosProps) {
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setIsLoading(true);
    try {
      await downloadMisDatos(titular);
    } catch (e) {
      setError(errorMessage(e) || MESSAGES.auditoria.DATOS_FAILED);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Panel className={styles.panel} aria-labelledby="descargar-mis-datos">
      <h2 id="descargar-mis-datos" className={styles.heading}>
        Descargar mis datos
      </h2>
      <p className={styles.hint}>
        {WHAT[titular]} Es su derecho de acceso (Ley 25.326): puede pedirlo hasta 10 veces por hora.
      </p>
      <Alert>{error}</Alert>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          icon={<DownloadIcon size={18} />}
          isLoading={isLoading}
          onClick={download}
        >
          Descargar (JSON)
        </Button>
        <Link to={printPath} className={buttonClasses({ variant: 'secondary' })}>
          <FileTextIcon size={18} />
          Ver para imprimir
        </Link>
      </div>
    </Panel>
  );
}
