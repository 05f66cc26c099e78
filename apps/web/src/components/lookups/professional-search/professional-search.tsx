import {
  PROFESSIONAL_SEARCH_MIN_LENGTH,
  type ProfesionalOption,
  paginatedSchema,
  profesionalOptionSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Combobox } from '@/components/ui/combobox/index.ts';
import { SearchIcon } from '@/components/ui/screen-icons/index.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import styles from './professional-search.module.css';

/** The spec's search debounce. */
export const PROFESSIONAL_SEARCH_DEBOUNCE_MS = 300;
const RESULT_LIMIT = 10;

const professionalOptionsPageSchema = paginatedSchema(profesionalOptionSchema);

/** `GET /api/profesionales/paginated`: first page of the matches by nombre or razonSocial. */
export async function searchProfessionals(
  search: string,
  signal?: AbortSignal,
): Promise<ProfesionalOption[]> {
  const page = await apiRequest('profesionales/paginated', {
    query: { search, pageIndex: 0, pageSize: RESULT_LIMIT },
    signal,
    schema: professionalOptionsPageSchema,
  });
  return page.rows;
}

export interface ProfessionalSearchProps {
  label?: ReactNode;
  onSelect: (professional: ProfesionalOption) => void;
  /** Professionals already chosen, left out of the suggestions. */
  excludeIds?: readonly number[];
  placeholder?: string;
  disabled?: boolean;
}

/**
 * Finds a professional by name or business name: searches 300 ms after the
 * user stops typing, once more than one character is typed.
 */
export function ProfessionalSearch({
  label = 'Buscar profesional',
  onSelect,
  excludeIds = [],
  placeholder = 'Nombre o razón social',
  disabled,
}: ProfessionalSearchProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), PROFESSIONAL_SEARCH_DEBOUNCE_MS);
  const isSearchable = search.length >= PROFESSIONAL_SEARCH_MIN_LENGTH && !disabled;

  const { data, isFetching } = useQuery({
    queryKey: queryKeys.profesionales.search(search),
    queryFn: ({ signal }) =>
      searchProfessionals(search, signal).catch((error: unknown) => {
        // A failed search is logged only; the picker just offers nothing.
        if (!signal.aborted) console.warn('Professional search failed', error);
        return [];
      }),
    enabled: isSearchable,
    placeholderData: keepPreviousData,
  });
  const options = isSearchable ? (data ?? []).filter((p) => !excludeIds.includes(p.id)) : [];

  return (
    <Combobox
      label={label}
      icon={<SearchIcon size={18} />}
      placeholder={placeholder}
      disabled={disabled}
      inputValue={text}
      onInputChange={setText}
      options={options}
      isLoading={isSearchable && isFetching}
      emptyMessage={isSearchable && data ? 'No se encontraron profesionales' : undefined}
      getOptionKey={(option) => option.id}
      getOptionLabel={(option) =>
        option.razonSocial ? `${option.nombre} (${option.razonSocial})` : option.nombre
      }
      renderOption={(option) => (
        <span className={styles.option}>
          <span className={styles.name}>{option.nombre}</span>
          {option.razonSocial && <span className={styles.detail}>{option.razonSocial}</span>}
        </span>
      )}
      onSelect={(option) => {
        setText('');
        onSelect(option);
      }}
    />
  );
}
