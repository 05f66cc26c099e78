import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons/index.ts';
import styles from './alert.module.css';

export type AlertVariant = 'error' | 'warning' | 'success' | 'info';

export interface AlertProps {
  /** Error and warning are announced at once (role alert); success and info politely (role status). */
  variant?: AlertVariant;
  /** The message. Without one the region stays mounted and empty, so a message put in later is announced. */
  children?: ReactNode;
  /** For `aria-describedby` on the control the message is about. */
  id?: string;
  /** Placement only (grid span, margins); the look is the variant's. */
  className?: string;
}

const ICONS: Record<AlertVariant, ReactNode> = {
  error: <AlertIcon size={18} />,
  warning: <AlertIcon size={18} />,
  success: <CheckCircleIcon size={18} />,
  info: null,
};

/** A message inside a screen: a failed load or action, a warning, a confirmation, a notice. */
export function Alert({ variant = 'error', children, id, className }: AlertProps) {
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status';
  const hasMessage = children !== undefined && children !== null && children !== false && children !== '';
  if (!hasMessage) return <div id={id} role={role} className={className} />;
  const icon = ICONS[variant];
  // The message sits right in the role element, so its text is what the region announces.
  return (
    <div
      id={id}
      role={role}
      className={[styles.alert, styles[variant], icon ? styles.withIcon : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      {icon}
      {children}
    </div>
  );
}
