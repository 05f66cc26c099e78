import { formatFecha, formatImporte } from '@red-dental/contracts';
import styles from './cierre.module.css';

/** An amount in centavos as '$ 12.345,67', in figures that line up; a débito in red, with its sign. */
export function Importe({ centavos, debito = false }: { centavos: number; debito?: boolean }) {
  // A débito given back (a reconsideration approved) adds to what is paid.
  if (debito && centavos < 0) return <span className={styles.importe}>+ {formatImporte(-centavos)}</span>;
  if (debito && centavos !== 0)
    return (
      <span className={`${styles.importe} ${styles.negativo}`}>− {formatImporte(Math.abs(centavos))}</span>
    );
  return <span className={styles.importe}>{formatImporte(centavos)}</span>;
}

const dias = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** A settlement's payment: "Pagada el 12/01/2027, a los 40 días" or "Sin pagar: 12 días desde el cierre". */
export function pagoText(pagadaEl: string | null, diasAPagar: number): string {
  return pagadaEl
    ? `Pagada el ${formatFecha(pagadaEl)}, a los ${dias(diasAPagar)}`
    : `Sin pagar: ${dias(diasAPagar)} desde el cierre`;
}

/** A lot's collection from its insurer: "Cobrado el 12/02/2027, a los 71 días" or "Sin cobrar: …". */
export function cobroText(pagadoEl: string | null, diasAPagar: number): string {
  return pagadoEl
    ? `Cobrado el ${formatFecha(pagadoEl)}, a los ${dias(diasAPagar)}`
    : `Sin cobrar: ${dias(diasAPagar)} desde el cierre`;
}
