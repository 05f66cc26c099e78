import type { TokenCodigoImpreso } from '@red-dental/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PrinterIcon } from '@/components/ui/screen-icons/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { printArea } from '@/lib/print-area.ts';
import { useImprimirCodigo, useRevocarToken, useTokenDe } from '../api/token-staff.ts';
import styles from './token-afiliado.module.css';

/** The sheet handed to the affiliate: who it is for, the code, until when, and what to do with it. */
function CodigoImpreso({ impreso }: { impreso: TokenCodigoImpreso }) {
  return (
    <div className={styles.impreso} data-print-area>
      <p>
        <strong>Red Dental — activación del token</strong>
        <br />
        {impreso.afiliado.nombre} ({impreso.afiliado.tipoDocumento} {impreso.afiliado.documento})
      </p>
      <p className={styles.impresoCodigo}>{impreso.codigo}</p>
      <p className={styles.hint}>
        Ingrese al portal de afiliados desde su teléfono, abra Mi token y escriba este código. Vale una sola
        vez, hasta el {formatMomentDate(impreso.vence)}. No lo comparta.
      </p>
    </div>
  );
}

/**
 * The affiliate's token as staff see it in the record: the phone that shows
 * it, a printed activation code for an affiliate without a proven e-mail,
 * and 'Desactivar' for a lost or stolen phone.
 */
export function TokenAfiliadoStaff({ afiliadoId }: { afiliadoId: number }) {
  const headingId = useId();
  const token = useTokenDe(afiliadoId);
  const imprimir = useImprimirCodigo(afiliadoId);
  const revocar = useRevocarToken(afiliadoId);
  const [confirmando, setConfirmando] = useState(false);
  const dispositivo = token.data?.dispositivo;

  return (
    <section className={styles.staff} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Token del afiliado
      </h3>
      {token.isError && <Alert>{errorMessage(token.error)}</Alert>}
      {token.data && (
        <p className={styles.hint}>
          {dispositivo
            ? `Activo en ${dispositivo.etiqueta} desde el ${formatMomentDate(dispositivo.desde)} (${dispositivo.via === 'correo' ? 'con el enlace por correo' : 'con un código impreso'})${dispositivo.ultimoUso ? `; usado por última vez el ${formatMomentDate(dispositivo.ultimoUso)}` : ''}.`
            : 'No tiene el token activo en ningún teléfono.'}
          {token.data.codigoVence &&
            ` Hay un código impreso sin usar, válido hasta el ${formatMomentDate(token.data.codigoVence)}.`}
        </p>
      )}
      {revocar.isSuccess && <Alert variant="success">{revocar.data.message}</Alert>}
      {(imprimir.isError || revocar.isError) && (
        <Alert>{errorMessage(imprimir.error ?? revocar.error)}</Alert>
      )}
      {imprimir.data && <CodigoImpreso impreso={imprimir.data} />}
      {confirmando && dispositivo ? (
        <div className={styles.actions}>
          <p className={styles.hint}>
            ¿Desactivar el token en {dispositivo.etiqueta}? El afiliado tendrá que activarlo de nuevo.
          </p>
          <Button
            variant="alert"
            isLoading={revocar.isPending}
            onClick={() => revocar.mutate(undefined, { onSettled: () => setConfirmando(false) })}
          >
            Sí, desactivar
          </Button>
          <Button variant="secondary" onClick={() => setConfirmando(false)}>
            Cancelar
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          {imprimir.data ? (
            <Button icon={<PrinterIcon size={18} />} onClick={printArea}>
              Imprimir
            </Button>
          ) : (
            <Button variant="secondary" isLoading={imprimir.isPending} onClick={() => imprimir.mutate()}>
              Generar código de activación
            </Button>
          )}
          {dispositivo && (
            <Button variant="secondary" onClick={() => setConfirmando(true)}>
              Desactivar token
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
