import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../icons/index.ts';
import styles from './toast.module.css';

/** The spec's toast time: 5000 ms, in modals and everywhere else. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error';
interface ToastState {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Shows one toast at a time at the bottom centre of the screen, above any
 * open modal; a new toast replaces the current one.
 */
export function ToastProvider({
  children,
  durationMs = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  durationMs?: number;
}) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);
  const nextId = useRef(1);

  const show = useCallback((kind: ToastKind, message: string) => {
    setToast({ id: nextId.current++, kind, message });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      dismiss: () => setToast(null),
    }),
    [show],
  );

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), durationMs);
    return () => clearTimeout(timer);
  }, [toast, durationMs]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Added once mounted: a page written at build time has no viewport to hydrate. */}
      {isMounted && createPortal(<ToastViewport toast={toast} onDismiss={api.dismiss} />, document.body)}
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss }: { toast: ToastState | null; onDismiss: () => void }) {
  // Both live regions stay mounted so screen readers announce what appears in them.
  return (
    <div className={styles.viewport} data-toast-viewport="">
      <div role="status" aria-live="polite">
        {toast?.kind === 'success' && <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
      <div role="alert">
        {toast?.kind === 'error' && <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastState; onDismiss: () => void }) {
  return (
    <div className={`${styles.toast} ${styles[toast.kind]}`} data-kind={toast.kind}>
      {toast.kind === 'success' ? <CheckCircleIcon /> : <AlertIcon />}
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.close} onClick={onDismiss} aria-label="Cerrar aviso">
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
