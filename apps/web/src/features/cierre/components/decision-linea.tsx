import {
  DEBITOS,
  type DecisionLinea as Decision,
  formatImporte,
  type LineaPresentada,
  parseImporte,
} from '@red-dental/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import mesa from '@/styles/mesa-auditoria.module.css';
import { useDecidirLinea } from '../api/lineas.ts';

const DECISIONES: readonly { decision: Decision; texto: string }[] = [
  { decision: 'aprobar', texto: 'Aprobar' },
  { decision: 'aprobar_parcial', texto: 'Aprobar en parte' },
  { decision: 'observar', texto: 'Observar' },
  { decision: 'rechazar', texto: 'Rechazar' },
];

const MOTIVOS = (Object.entries(DEBITOS) as [keyof typeof DEBITOS, string][]).map(([value, texto]) => ({
  value,
  label: `${value} — ${texto}`,
}));

/**
 * The auditor's decision on a presented line: approve; approve in part (what
 * is paid of the insurer's share, and why less); observe (what the dentist
 * must send or answer, and the débito it becomes without an answer); reject
 * with a reason. A reconsideration is approved or rejected (rejecting keeps
 * what was decided before).
 */
export function DecisionLinea({
  linea: l,
  onDecidida,
}: {
  linea: LineaPresentada;
  onDecidida: (m: string) => void;
}) {
  const [decision, setDecision] = useState<Decision>('aprobar');
  const [importe, setImporte] = useState('');
  const [motivo, setMotivo] = useState<string>(l.motivo ?? '');
  const [nota, setNota] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const decidir = useDecidirLinea();
  const legend = useId();
  const reconsiderando = l.estado === 'reconsideracion';

  const enviar = async (event: FormEvent) => {
    event.preventDefault();
    setErrores({});
    setError(undefined);
    const importeAprobado = decision === 'aprobar_parcial' ? (parseImporte(importe) ?? 0) : undefined;
    try {
      const r = await decidir.mutateAsync({
        id: l.id,
        decision,
        importeAprobado,
        motivo: decision === 'aprobar' || !motivo ? undefined : (motivo as keyof typeof DEBITOS),
        nota: nota.trim() || undefined,
      });
      onDecidida(r.message);
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrores(e.fields);
      else setError(errorMessage(e));
    }
  };

  return (
    <form className={mesa.decision} onSubmit={enviar} aria-labelledby={legend}>
      <fieldset className={mesa.decisiones}>
        <legend id={legend}>{reconsiderando ? 'Decisión sobre la reconsideración' : 'Decisión'}</legend>
        {DECISIONES.filter((d) => !(reconsiderando && d.decision === 'observar')).map((d) => (
          <button
            key={d.decision}
            type="button"
            className={mesa.decisionBoton}
            aria-pressed={decision === d.decision}
            onClick={() => setDecision(d.decision)}
          >
            {d.texto}
          </button>
        ))}
      </fieldset>
      {decision === 'aprobar_parcial' && (
        <TextInput
          label={`Importe que se paga (de ${formatImporte(l.cargoOs)} a cargo de la obra social)`}
          inputMode="decimal"
          value={importe}
          error={errores.importeAprobado}
          onChange={(e) => setImporte(e.target.value)}
        />
      )}
      {decision !== 'aprobar' && (
        <Select
          label={decision === 'observar' ? 'Débito si no responde' : 'Motivo del débito'}
          placeholder="Elija el motivo"
          options={MOTIVOS}
          value={motivo}
          error={errores.motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
      )}
      <TextArea
        label={decision === 'observar' ? 'Qué le pide al profesional' : 'Nota para el profesional (opcional)'}
        rows={3}
        value={nota}
        error={errores.nota}
        onChange={(e) => setNota(e.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      <div>
        <Button type="submit" disabled={decidir.isPending}>
          Registrar decisión
        </Button>
      </div>
    </form>
  );
}
