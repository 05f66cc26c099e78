import type { Notificacion } from '@red-dental/contracts';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { EyeIcon } from '@/components/ui/icons/index.ts';
import styles from './notificaciones.module.css';

/**
 * 'VER': opens the notification's PDF in a new tab through its signed link
 * (`message[0]`, valid for minutes, so the lists refresh it); `onOpen` marks it read.
 */
export function VerLink({ notificacion, onOpen }: { notificacion: Notificacion; onOpen: () => void }) {
  const link = notificacion.message[0];
  if (!link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener"
      className={buttonClasses({ variant: 'secondary', size: 'sm', className: styles.nowrap })}
      aria-label={`Ver ${notificacion.title} (se abre en una pestaña nueva)`}
      onClick={onOpen}
    >
      <EyeIcon size={16} />
      VER
    </a>
  );
}
