import { type Afiliado, MESSAGES } from '@red-dental/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useAfiliadoBaja } from '../api/afiliado-baja.ts';
import styles from './afiliado-baja-section.module.css';

/**
 * Inside 'Editar Afiliado': whether the affiliate is active, and (with
 * AFILIADOS.DELETE) 'Dar de baja' after a confirmation that says what it
 * does, or 'Reactivar'. Giving de baja keeps the record; it can be undone.
 */
export function BajaSection({
  afiliado,
  canChange,
  onDone,
}: {
  afiliado: Afiliado;
  canChange: boolean;
  onDone: () => void;
}) {
  const toast = useToast();
  const baja = useAfiliadoBaja();
  const [isConfirming, setConfirming] = useState(false);
  const confirmId = useId();
  const isActive = afiliado.fechaBaja === null;
  // The button pressed goes away with the step it belonged to: the focus moves to the new step's safe choice.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const hasAsked = useRef(false);
  useEffect(() => {
    if (isConfirming) {
      hasAsked.current = true;
      cancelRef.current?.focus();
    } else if (hasAsked.current) askRef.current?.focus();
  }, [isConfirming]);

  const change = () =>
    baja.mutate(
      { id: afiliado.id, baja: isActive },
      {
        onSuccess: () => {
          toast.success(isActive ? MESSAGES.afiliados.DEACTIVATED : MESSAGES.afiliados.REACTIVATED);
          onDone();
        },
        onError: (error) =>
          toast.error(
            `${isActive ? MESSAGES.afiliados.DEACTIVATE_FAILED : MESSAGES.afiliados.REACTIVATE_FAILED} ${errorMessage(error)}`,
          ),
      },
    );

  if (!isActive)
    return (
      <section className={styles.section} data-state="baja" aria-label="Estado del afiliado">
        <p>
          <strong>Afiliación dada de baja el {formatMomentDate(afiliado.fechaBaja)}.</strong> No puede
          ingresar al portal y los prestadores ven que no tiene cobertura.
        </p>
        {canChange && (
          <Button variant="secondary" size="sm" onClick={change} isLoading={baja.isPending}>
            Reactivar
          </Button>
        )}
      </section>
    );

  return (
    <section className={styles.section} aria-label="Estado del afiliado">
      {isConfirming ? (
        <>
          <p id={confirmId} role="alert">
            ¿Dar de baja a <strong>{afiliado.nombre}</strong>? No podrá ingresar al portal, los prestadores
            verán que no tiene cobertura y dejará de recibir notificaciones. Sus datos se conservan y se puede
            reactivar después.
          </p>
          <span className={styles.buttons}>
            <Button
              ref={cancelRef}
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(false)}
              disabled={baja.isPending}
            >
              Cancelar
            </Button>
            <Button
              variant="alert"
              size="sm"
              onClick={change}
              isLoading={baja.isPending}
              aria-describedby={confirmId}
            >
              Confirmar baja
            </Button>
          </span>
        </>
      ) : (
        <>
          <p>Afiliación activa.</p>
          <Button ref={askRef} variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Dar de baja
          </Button>
        </>
      )}
    </section>
  );
}
