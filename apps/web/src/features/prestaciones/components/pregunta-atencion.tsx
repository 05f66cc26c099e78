import { formatFecha, formatImporte, type Pregunta, parseImporte } from '@red-dental/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useResponderPregunta } from '../api/responder-pregunta.ts';
import styles from './prestaciones.module.css';

/**
 * "¿Lo atendió … el …?" and, if so, "¿Le cobraron algo en el consultorio?":
 * the affiliate's word on a visit recorded in their name.
 */
export function PreguntaAtencion({ pregunta }: { pregunta: Pregunta }) {
  const headingId = useId();
  const responder = useResponderPregunta();
  const [atendido, setAtendido] = useState<boolean | null>(null);
  const [cobrado, setCobrado] = useState<boolean | null>(null);
  const [monto, setMonto] = useState('');
  const [error, setError] = useState<string>();

  const enviar = (body: { atendido: boolean; cobro?: number }) => {
    setError(undefined);
    responder.mutate({ atencionId: pregunta.atencionId, ...body });
  };
  const enviarCobro = (event: FormEvent) => {
    event.preventDefault();
    const cobro = parseImporte(monto);
    if (cobro === undefined || cobro <= 0) return setError('Escriba cuánto le cobraron, en pesos');
    enviar({ atendido: true, cobro });
  };

  return (
    <li className={styles.pregunta} aria-labelledby={headingId}>
      <p id={headingId} className={styles.lineaTitulo}>
        ¿Lo atendió {pregunta.prestador} el {formatFecha(pregunta.fecha)}?
      </p>
      {atendido === null && (
        <div className={styles.acciones}>
          <Button variant="secondary" onClick={() => setAtendido(true)}>
            Sí
          </Button>
          <Button
            variant="secondary"
            isLoading={responder.isPending}
            onClick={() => enviar({ atendido: false })}
          >
            No me atendieron
          </Button>
        </div>
      )}
      {atendido && (
        <>
          <p>
            ¿Le cobraron algo en el consultorio?{' '}
            <span className={styles.muted}>
              El coseguro de esta atención es {formatImporte(pregunta.coseguro)}.
            </span>
          </p>
          {cobrado === null && (
            <div className={styles.acciones}>
              <Button
                variant="secondary"
                isLoading={responder.isPending}
                onClick={() => enviar({ atendido: true, cobro: 0 })}
              >
                No me cobraron nada
              </Button>
              <Button variant="secondary" onClick={() => setCobrado(true)}>
                Sí, me cobraron
              </Button>
            </div>
          )}
          {cobrado && (
            <form className={styles.cobro} onSubmit={enviarCobro} noValidate>
              <TextInput
                label="¿Cuánto le cobraron? ($)"
                inputMode="decimal"
                value={monto}
                onChange={(e) => setMonto(e.target.value)}
                error={error}
              />
              <Button type="submit" isLoading={responder.isPending}>
                Enviar
              </Button>
            </form>
          )}
        </>
      )}
      {responder.isError && <Alert>{errorMessage(responder.error)}</Alert>}
    </li>
  );
}
