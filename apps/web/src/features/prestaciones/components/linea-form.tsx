import {
  CARA_LABELS,
  CARAS,
  type CodigoPrestacion,
  describePieza,
  type LineaPedidaInput,
  PIEZAS,
  ZONA_BOCA_LABELS,
  type ZonaBoca,
} from '@red-dental/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { Combobox } from '@/components/ui/combobox/index.ts';
import { PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import styles from './prestaciones.module.css';

/** A line being written: the code picked, and where on the mouth. */
export interface Borrador {
  codigo: CodigoPrestacion | null;
  pieza: number | null;
  caras: string;
  sector: ZonaBoca | '';
}

export const BORRADOR_VACIO: Borrador = { codigo: null, pieza: null, caras: '', sector: '' };

const PIEZA_OPTIONS = PIEZAS.map((p) => ({ value: p, label: describePieza(p).replace('Pieza ', '') }));
const SECTOR_OPTIONS = (['SD', 'SA', 'SI', 'ID', 'IA', 'II'] as const).map((s) => ({
  value: s,
  label: `${s} — ${ZONA_BOCA_LABELS[s]}`,
}));
const ARCADA_OPTIONS = (['S', 'I'] as const).map((s) => ({ value: s, label: ZONA_BOCA_LABELS[s] }));

/** The line as the API takes it: only what the code's treatment area names. */
export function lineaDe(b: Borrador): LineaPedidaInput | null {
  if (!b.codigo) return null;
  const area = b.codigo.area;
  return {
    codigo: b.codigo.codigo,
    pieza: area === 'pieza' || area === 'caras' ? b.pieza : null,
    caras: area === 'caras' ? b.caras || null : null,
    sector: (area === 'sector' || area === 'arcada') && b.sector ? b.sector : null,
  };
}

/**
 * 'Agregar prestación': the code (searched by code or name), then the tooth
 * (also chosen on the odontogram), its faces, or the sector or arch, as the
 * code's treatment area asks.
 */
export function LineaForm({
  borrador,
  onChange,
  onAgregar,
  codigos,
  onBuscarCodigo,
  buscando,
}: {
  borrador: Borrador;
  onChange: (b: Borrador) => void;
  onAgregar: () => void;
  codigos: readonly CodigoPrestacion[];
  onBuscarCodigo: (text: string) => void;
  buscando: boolean;
}) {
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string>();
  const area = borrador.codigo?.area;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!borrador.codigo) return setError('Elija el código de la prestación');
    if ((area === 'pieza' || area === 'caras') && borrador.pieza === null)
      return setError('Elija la pieza en el odontograma o en la lista');
    if (area === 'caras' && !borrador.caras) return setError('Marque las caras');
    if ((area === 'sector' || area === 'arcada') && !borrador.sector)
      return setError(area === 'arcada' ? 'Elija la arcada' : 'Elija el sector');
    setError(undefined);
    setTexto('');
    onBuscarCodigo('');
    onAgregar();
  };
  const toggle = (cara: string) => {
    const set = new Set(borrador.caras);
    if (set.has(cara)) set.delete(cara);
    else set.add(cara);
    onChange({ ...borrador, caras: CARAS.filter((c) => set.has(c)).join('') });
  };

  return (
    <form className={styles.lineaForm} onSubmit={submit} noValidate aria-label="Agregar prestación">
      <Combobox
        label="Código o nombre de la prestación"
        inputValue={texto}
        onInputChange={(t) => {
          setTexto(t);
          onBuscarCodigo(t);
        }}
        options={codigos}
        getOptionKey={(c) => c.id}
        getOptionLabel={(c) => `${c.codigo} ${c.nombre}`}
        onSelect={(c) => {
          setTexto(`${c.codigo} ${c.nombre}`);
          onChange({ ...borrador, codigo: c, sector: '' });
        }}
        isLoading={buscando}
        emptyMessage="Ningún código coincide"
        placeholder="02.01 u obturación"
      />
      {(area === 'pieza' || area === 'caras') && (
        <Select
          label="Pieza"
          placeholder="Elija la pieza"
          options={PIEZA_OPTIONS}
          value={borrador.pieza ?? ''}
          onChange={(e) => onChange({ ...borrador, pieza: e.target.value ? Number(e.target.value) : null })}
          hint="También puede tocarla en el odontograma"
        />
      )}
      {area === 'caras' && (
        <fieldset className={styles.caras}>
          <legend>Caras</legend>
          {CARAS.map((c) => (
            <button
              key={c}
              type="button"
              className={styles.cara}
              aria-pressed={borrador.caras.includes(c)}
              aria-label={`${c}, ${CARA_LABELS[c]}`}
              title={CARA_LABELS[c]}
              onClick={() => toggle(c)}
            >
              {c}
            </button>
          ))}
        </fieldset>
      )}
      {(area === 'sector' || area === 'arcada') && (
        <Select
          label={area === 'arcada' ? 'Arcada' : 'Sector'}
          placeholder={area === 'arcada' ? 'Elija la arcada' : 'Elija el sector'}
          options={area === 'arcada' ? ARCADA_OPTIONS : SECTOR_OPTIONS}
          value={borrador.sector}
          onChange={(e) => onChange({ ...borrador, sector: e.target.value as ZonaBoca | '' })}
        />
      )}
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" icon={<PlusIcon size={18} />}>
          Agregar prestación
        </Button>
      </div>
    </form>
  );
}
