import { formatFecha, type Historia, MESSAGES } from '@red-dental/contracts';
import { Alert } from '@/components/ui/alert/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import styles from './prestaciones.module.css';

/** Who the patient is, their insurer and plan, whether covered today, and what the plan covers next. */
export function Paciente({ historia }: { historia: Historia }) {
  const a = historia.afiliado;
  return (
    <div className={styles.paciente}>
      <div className={styles.pacienteHead}>
        <h3 className={styles.pacienteNombre}>{a.nombre}</h3>
        <Badge tone={historia.cobertura.vigente ? 'success' : 'error'}>
          {historia.cobertura.vigente ? 'Cubierto' : 'Sin cobertura'}
        </Badge>
      </div>
      <dl className={styles.datos}>
        <div>
          <dt>Documento</dt>
          <dd>{a.documento}</dd>
        </div>
        {a.edad !== null && (
          <div>
            <dt>Edad</dt>
            <dd>{a.edad} años</dd>
          </div>
        )}
        <div>
          <dt>Obra social</dt>
          <dd>{a.obraSocial?.nombre ?? 'Sin obra social'}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{a.plan ? `${a.plan.nombre} (${a.plan.codigo})` : 'Sin plan asignado'}</dd>
        </div>
        {a.numeroAfiliado && (
          <div>
            <dt>Número de afiliado</dt>
            <dd>{a.numeroAfiliado}</dd>
          </div>
        )}
        {a.fechaAlta && (
          <div>
            <dt>Fecha de alta</dt>
            <dd>{formatFecha(a.fechaAlta)}</dd>
          </div>
        )}
      </dl>
      <p className={historia.cobertura.vigente ? styles.vigente : styles.noVigente}>
        {historia.cobertura.mensaje}
      </p>
      {!historia.atiende && <Alert variant="warning">{MESSAGES.prestaciones.NO_ATIENDE}</Alert>}
      {historia.proximas.length > 0 && (
        <ul className={styles.proximas} aria-label="Lo próximo que cubre el plan">
          {historia.proximas.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
