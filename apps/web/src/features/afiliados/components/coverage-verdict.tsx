import type { Afiliado } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { formatMomentDate } from '@/lib/format.ts';
import styles from './coverage-verdict.module.css';

type Tone = 'covered' | 'uncovered' | 'unsure';

/** What a coverage check means, in words: the title said first, then why. */
export function verdictFor(
  documento: string,
  afiliado: Afiliado | null,
): { tone: Tone; title: string; body: ReactNode } {
  if (!afiliado)
    return {
      tone: 'uncovered',
      title: 'Documento no encontrado',
      body: (
        <>
          No hay ningún afiliado de la red con el documento <strong>{documento}</strong>. Revise el número; si
          es correcto, la persona no tiene cobertura de la red.
        </>
      ),
    };
  const nombre = <strong>{afiliado.nombre}</strong>;
  if (afiliado.fechaBaja)
    return {
      tone: 'uncovered',
      title: 'Sin cobertura',
      body: (
        <>
          La afiliación de {nombre} a la red se dio de baja el {formatMomentDate(afiliado.fechaBaja)}: no
          tiene cobertura.
        </>
      ),
    };
  if (!afiliado.obraSocial)
    return {
      tone: 'unsure',
      title: 'Sin obra social asignada',
      body: (
        <>
          {nombre} tiene la afiliación activa, pero sin obra social asignada. Consulte con la red antes de la
          atención.
        </>
      ),
    };
  const obraSocial = <strong>{afiliado.obraSocial.nombre}</strong>;
  if (afiliado.atiendeObraSocial === false)
    return {
      tone: 'uncovered',
      title: 'Usted no atiende esa obra social',
      body: (
        <>
          {nombre} tiene la afiliación activa en {obraSocial}, pero usted no atiende esa obra social.
        </>
      ),
    };
  return {
    tone: 'covered',
    title: 'Con cobertura',
    body:
      afiliado.atiendeObraSocial === true ? (
        <>
          {nombre} tiene la afiliación activa en {obraSocial}, una obra social que usted atiende.
        </>
      ) : (
        <>
          {nombre} tiene la afiliación activa en {obraSocial}.
        </>
      ),
  };
}

/**
 * The answer to a dentist's coverage check, above the spec's table: is the
 * document an active affiliate, of which insurer, and does this dentist accept it.
 */
export function CoverageVerdict({
  documento,
  afiliado,
}: {
  documento: string;
  /** undefined while the check runs: the live region stays, empty, so the verdict is announced. */
  afiliado: Afiliado | null | undefined;
}) {
  if (afiliado === undefined) return <div role="status" />;
  const { tone, title, body } = verdictFor(documento, afiliado);
  return (
    <div className={styles.verdict} data-tone={tone} role="status">
      <p className={styles.title}>{title}</p>
      <p>{body}</p>
    </div>
  );
}
