import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/index.ts';
import styles from './modal.module.css';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom of the dialog. */
  footer?: ReactNode;
  /** A click outside the dialog closes it unless this is false. */
  closeOnOutsideClick?: boolean;
  /** Escape closes the dialog unless this is false. */
  closeOnEscape?: boolean;
  /** Hides the close button in the title bar (the footer must then offer a way out). */
  hideCloseButton?: boolean;
  /** Receives focus when the dialog opens; otherwise the first focusable control does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  /** Tone of the title icon area; purely visual. */
  tone?: 'default' | 'success' | 'error';
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(element: HTMLElement): HTMLElement[] {
  return Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert], [hidden]'),
  );
}

/** Open dialogs, innermost last: only the last one listens to keys and keeps focus. */
const openDialogs: HTMLElement[] = [];

function syncInertness() {
  const root = document.getElementById('root');
  const anyOpen = openDialogs.length > 0;
  if (root) root.inert = anyOpen;
  document.body.style.overflow = anyOpen ? 'hidden' : '';
  openDialogs.forEach((layer, index) => {
    layer.inert = index !== openDialogs.length - 1;
  });
}

/**
 * An accessible modal dialog: titled, focus kept inside while open and given
 * back on close, Escape and a click outside close it (unless turned off), the
 * page behind is inert. Toasts stay visible above it at the bottom centre.
 */
export function Modal(props: ModalProps) {
  if (!props.isOpen) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  title,
  children,
  footer,
  closeOnOutsideClick = true,
  closeOnEscape = true,
  hideCloseButton = false,
  initialFocusRef,
  size = 'md',
  tone = 'default',
}: ModalProps) {
  const titleId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOutside = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const closeOnEscapeRef = useRef(closeOnEscape);
  closeOnEscapeRef.current = closeOnEscape;

  useEffect(() => {
    const layer = layerRef.current!;
    const dialog = dialogRef.current!;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(layer);
    syncInertness();

    const first = initialFocusRef?.current ?? focusableIn(dialog)[0] ?? dialog;
    first.focus();

    const isTop = () => openDialogs[openDialogs.length - 1] === layer;

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape' && closeOnEscapeRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const items = focusableIn(dialog);
        if (items.length === 0) {
          event.preventDefault();
          dialog.focus();
          return;
        }
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        const active = document.activeElement;
        if (event.shiftKey && (active === firstItem || active === dialog)) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && active === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };

    // Focus that escapes (for example by clicking the page behind) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (!isTop() || !target || dialog.contains(target)) return;
      if ((target as Element).closest?.('[data-toast-viewport]')) return;
      (focusableIn(dialog)[0] ?? dialog).focus();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(layer), 1);
      syncInertness();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [initialFocusRef]);

  // Only a press that both starts and ends on the backdrop counts as a click outside,
  // so selecting text in a field and releasing outside does not close the dialog.
  const onBackdropPointerDown = (event: PointerEvent) => {
    pressStartedOutside.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    const isOutside = pressStartedOutside.current && event.target === event.currentTarget;
    pressStartedOutside.current = false;
    if (isOutside && closeOnOutsideClick) onClose();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a backdrop, not a control; Escape is handled on the document
    <div
      ref={layerRef}
      className={styles.backdrop}
      onPointerDown={onBackdropPointerDown}
      onClick={onBackdropClick}
      data-testid="modal-backdrop"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[size]}`}
        data-tone={tone}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {!hideCloseButton && (
            <button type="button" className={styles.close} onClick={onClose} aria-label="Cerrar">
              <CloseIcon />
            </button>
          )}
        </header>
        {children !== undefined && <div className={styles.body}>{children}</div>}
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>
  );
}
