import { type CodigoPrestacion, MESSAGES } from '@red-dental/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { SearchIcon } from '@/components/ui/screen-icons/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import listPage from '@/styles/list-page.module.css';
import { useHistoria } from '../api/get-historia.ts';
import { Consulta, type PedirAutorizacionProps } from './consulta.tsx';
import styles from './prestaciones.module.css';

/**
 * 'Atender': the dentist types the patient's document and sees who they
 * are, whether covered, the network's history on the odontogram, and writes
 * the visit's lines, each checked against the plan before she treats.
 */
export function Atender({
  codigos,
  buscandoCodigos,
  onBuscarCodigo,
  renderPedirAutorizacion,
}: {
  codigos: readonly CodigoPrestacion[];
  buscandoCodigos: boolean;
  onBuscarCodigo: (text: string) => void;
  renderPedirAutorizacion?: (props: PedirAutorizacionProps) => ReactNode;
}) {
  const headingId = useId();
  const [texto, setTexto] = useState('');
  const [documento, setDocumento] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  // Each look-up gets its own visit state, even for the same document looked up again.
  const [visita, setVisita] = useState(0);
  const historia = useHistoria(documento);

  const buscar = (event: FormEvent) => {
    event.preventDefault();
    const value = texto.trim();
    if (!value) return setError(MESSAGES.prestaciones.DOCUMENTO_REQUIRED);
    setError(undefined);
    setDocumento(value);
    setVisita((v) => v + 1);
  };
  const otra = () => {
    setTexto('');
    setDocumento(null);
  };

  return (
    <div className={listPage.page}>
      <Panel aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Buscar paciente
        </h2>
        <form className={listPage.toolbar} onSubmit={buscar} noValidate>
          <div className={listPage.searchField}>
            <TextInput
              label="Documento del paciente"
              inputMode="numeric"
              autoComplete="off"
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              error={error}
            />
          </div>
          <Button type="submit" icon={<SearchIcon size={18} />} className={styles.buscar}>
            Buscar
          </Button>
        </form>
      </Panel>
      {historia.isFetching && !historia.data && (
        <p className={styles.muted} role="status">
          <Spinner /> Buscando…
        </p>
      )}
      {historia.isError && <Alert>{errorMessage(historia.error)}</Alert>}
      {historia.data && (
        <Consulta
          key={visita}
          historia={historia.data}
          codigos={codigos}
          buscandoCodigos={buscandoCodigos}
          onBuscarCodigo={onBuscarCodigo}
          onOtra={otra}
          onRefrescar={() => void historia.refetch()}
          renderPedirAutorizacion={renderPedirAutorizacion}
        />
      )}
    </div>
  );
}
