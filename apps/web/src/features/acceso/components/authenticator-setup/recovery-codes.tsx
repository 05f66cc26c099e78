import { MESSAGES } from '@red-dental/contracts';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import styles from './authenticator-setup.module.css';

export const RECOVERY_CODES_FILE_NAME = 'red-dental-codigos-de-recuperacion.txt';

/** While set on <html>, printing shows the codes' print copy and nothing else (authenticator-setup.module.css). */
const PRINT_FLAG = 'imprimir';
const PRINT_VALUE = 'codigos-de-recuperacion';

const TITLE = 'Red Dental: códigos de recuperación';
const HOW =
  'Si pierde el teléfono, cada código sirve una sola vez en lugar del código de la aplicación. Guárdelos en un lugar seguro: no se vuelven a mostrar.';

export interface RecoveryCodesProps {
  codes: readonly string[];
  /** The account's e-mail, written in the file and the printout so the codes are known apart. */
  account?: string;
}

/** The file and the clipboard's text: what the codes are for, then one code a line. */
function asText(codes: readonly string[], account?: string): string {
  return [TITLE, ...(account ? [`Cuenta: ${account}`] : []), '', HOW, '', ...codes, ''].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: RECOVERY_CODES_FILE_NAME });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function endPrinting() {
  delete document.documentElement.dataset[PRINT_FLAG];
}

/**
 * The recovery codes, shown once: each replaces a code of the app one time.
 * 'Copiar', 'Descargar' (a .txt) and 'Imprimir' keep them somewhere else
 * before the dialog closes; the printout holds the codes alone.
 */
export function RecoveryCodes({ codes, account }: RecoveryCodesProps) {
  const toast = useToast();
  const text = asText(codes, account);
  // A print left flagged (the dialog closed from the print preview) does not outlive the codes.
  useEffect(() => endPrinting, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(MESSAGES.acceso.CODES_COPIED);
    } catch {
      toast.error(MESSAGES.acceso.CODES_COPY_FAILED);
    }
  };

  const print = () => {
    document.documentElement.dataset[PRINT_FLAG] = PRINT_VALUE;
    window.addEventListener('afterprint', endPrinting, { once: true });
    window.print();
  };

  return (
    <div className={styles.recovery}>
      <p>
        Guarde estos códigos de recuperación en un lugar seguro. Si pierde el teléfono, cada uno sirve una
        sola vez en lugar del código de la aplicación. No se vuelven a mostrar.
      </p>
      <ul className={styles.codes} aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.codeActions}>
        <Button variant="secondary" size="sm" onClick={copy}>
          Copiar
        </Button>
        <Button variant="secondary" size="sm" onClick={() => download(text)}>
          Descargar
        </Button>
        <Button variant="secondary" size="sm" onClick={print}>
          Imprimir
        </Button>
      </div>
      {createPortal(
        <div className={styles.printCopy}>
          <h1>{TITLE}</h1>
          {account && <p>Cuenta: {account}</p>}
          <p>{HOW}</p>
          <ul>
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>,
        document.body,
      )}
    </div>
  );
}
