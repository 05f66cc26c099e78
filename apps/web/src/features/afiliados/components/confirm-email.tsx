import { MESSAGES } from '@red-dental/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useConfirmAfiliadoEmail } from '../api/confirm-email.ts';
import styles from './confirm-email.module.css';

/** `/confirmar-email/{token}`: the link mailed to an affiliate's new address confirms it. */
export function ConfirmEmail({ token }: { token: string }) {
  const confirmation = useConfirmAfiliadoEmail();
  const { mutate } = confirmation;
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: the token is single use, and a second call would report it as spent.
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <div className={styles.box}>
      <h2 className={styles.title}>Confirmación de email</h2>
      {confirmation.isSuccess ? (
        <div className={styles.result} role="status">
          <span className={`${styles.icon} ${styles.ok}`}>
            <CheckCircleIcon size={28} />
          </span>
          <p>{confirmation.data?.message || MESSAGES.afiliados.EMAIL_CONFIRMED}</p>
        </div>
      ) : confirmation.isError ? (
        <div className={styles.result} role="alert">
          <span className={`${styles.icon} ${styles.bad}`}>
            <AlertIcon size={28} />
          </span>
          <p>{errorMessage(confirmation.error)}</p>
          <p className={styles.muted}>
            Puede pedir un enlace nuevo ingresando su email otra vez en Mi Perfil.
          </p>
        </div>
      ) : (
        <p className={styles.checking} role="status">
          <Spinner size={20} /> Confirmando su email...
        </p>
      )}
      <Link to={PATHS.loginAfiliado} className={buttonClasses({ size: 'full' })}>
        Ir al portal de afiliados
      </Link>
    </div>
  );
}
