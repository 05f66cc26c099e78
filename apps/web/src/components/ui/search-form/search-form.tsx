import type { FormEvent, ReactNode } from 'react';
import listPage from '@/styles/list-page.module.css';
import { Button } from '../button/index.ts';
import { SearchIcon } from '../screen-icons/index.ts';
import { TextInput } from '../text-input/index.ts';

export interface SearchFormProps {
  /** Names the field (and is its placeholder): 'Buscar profesional'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The search as typed, when Buscar is pressed (or Enter). */
  onSearch: (value: string) => void;
  /** Filters between the field and the button. */
  children?: ReactNode;
}

/** A list screen's search: a field and 'Buscar', in a search landmark. */
export function SearchForm({ label, value, onChange, onSearch, children }: SearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };
  return (
    <search>
      <form className={listPage.toolbar} onSubmit={submit}>
        <TextInput
          label={label}
          hideLabel
          type="search"
          placeholder={label}
          icon={<SearchIcon size={18} />}
          className={listPage.searchField}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {children}
        <Button type="submit" icon={<SearchIcon size={18} />}>
          Buscar
        </Button>
      </form>
    </search>
  );
}
