import type { AutorizacionMensaje } from '@red-dental/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentTime } from '@/lib/format.ts';
import { useMensaje } from '../api/autorizaciones.ts';
import styles from './autorizaciones.module.css';

/**
 * The request's thread, both ways: the auditor asks ("Adjunte Rx periapical
 * de 36"), the dentist answers; her answer sends an observed request back to
 * review. Closed once the request is decided.
 */
export function HiloAutorizacion({
  id,
  mensajes,
  abierto,
  ayuda,
}: {
  id: number;
  mensajes: readonly AutorizacionMensaje[];
  abierto: boolean;
  ayuda?: string;
}) {
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string>();
  const enviar = useMensaje(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!texto.trim()) return setError('Escriba el mensaje');
    setError(undefined);
    enviar.mutate(texto.trim(), { onSuccess: () => setTexto('') });
  };
  return (
    <div className={styles.hilo}>
      {mensajes.length === 0 ? (
        <p className={styles.muted}>Todavía no hay mensajes.</p>
      ) : (
        <ol className={styles.mensajes}>
          {mensajes.map((m) => (
            <li key={m.id} className={m.de === 'auditor' ? styles.deAuditor : styles.dePrestador}>
              <p className={styles.mensajeMeta}>
                {m.de === 'auditor' ? 'Auditor' : 'Profesional'} · {m.autor} · {formatMomentTime(m.at)}
              </p>
              <p className={styles.mensajeTexto}>{m.texto}</p>
            </li>
          ))}
        </ol>
      )}
      {abierto && (
        <form onSubmit={submit} noValidate className={styles.mensajeForm}>
          <TextArea
            label="Mensaje"
            hint={ayuda}
            rows={2}
            maxLength={2000}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            error={error}
          />
          {enviar.isError && <Alert>{errorMessage(enviar.error)}</Alert>}
          <div>
            <Button type="submit" variant="secondary" isLoading={enviar.isPending}>
              Enviar mensaje
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
