import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Combobox } from '@/components/ui/combobox/index.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { type Localidad, loadLocalidades, localidadLabel } from './localidades.ts';

/** Suggestions from this many characters on. */
const MIN_LENGTH = 2;

export interface LocalityFieldProps {
  label?: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** A locality of the list was chosen; the field then holds its name. */
  onSelect: (localidad: Localidad) => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
}

/**
 * 'Localidad' with suggestions from the country's list of localities (with
 * their province), offered as the person types and when the field takes the
 * focus. Any text may be kept; a locality chosen from the list is one a map can go to.
 */
export function LocalityField({
  label = 'Localidad',
  value,
  onChange,
  onSelect,
  error,
  hint,
  name,
}: LocalityFieldProps) {
  // Without the list (it failed to load), the field takes any text all the same.
  const { data: list } = useQuery({
    queryKey: queryKeys.localidades,
    queryFn: loadLocalidades,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const text = value.trim();
  const options = list && text.length >= MIN_LENGTH ? list.find(text) : [];

  return (
    <Combobox
      label={label}
      name={name}
      hint={hint}
      error={error}
      inputValue={value}
      onInputChange={onChange}
      options={options}
      getOptionKey={(l) => `${localidadLabel(l)} ${l.lat} ${l.lon}`}
      getOptionLabel={localidadLabel}
      onSelect={(l) => {
        onChange(l.nombre);
        onSelect(l);
      }}
    />
  );
}
