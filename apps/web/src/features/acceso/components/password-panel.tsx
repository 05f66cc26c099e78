import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { LockIcon } from '@/components/ui/screen-icons/index.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import styles from './password-panel.module.css';

/** 'Mi cuenta''s password: 'Cambiar Contraseña', the current one asked first. */
export function PasswordPanel() {
  const [isChanging, setIsChanging] = useState(false);
  return (
    <Panel className={styles.panel} aria-labelledby="contrasena-heading">
      <h2 id="contrasena-heading" className={styles.heading}>
        Contraseña
      </h2>
      <p className={styles.text}>
        Para cambiarla se pide primero la actual. Las sesiones abiertas en otros dispositivos se cierran y le
        llega un aviso por mail.
      </p>
      <div>
        <Button variant="secondary" icon={<LockIcon size={18} />} onClick={() => setIsChanging(true)}>
          Cambiar Contraseña
        </Button>
      </div>
      <ChangePasswordModal isOpen={isChanging} onClose={() => setIsChanging(false)} />
    </Panel>
  );
}
