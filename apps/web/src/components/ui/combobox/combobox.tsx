import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Field, fieldStyles } from '../field/index.ts';
import { Spinner } from '../spinner/index.ts';
import styles from './combobox.module.css';

export interface ComboboxProps<T> {
  label: ReactNode;
  hideLabel?: boolean;
  inputValue: string;
  onInputChange: (text: string) => void;
  options: readonly T[];
  getOptionKey: (option: T) => string | number;
  /** The option's text, also its accessible name. */
  getOptionLabel: (option: T) => string;
  /** Richer content for the option; defaults to its label. */
  renderOption?: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  isLoading?: boolean;
  /** Shown in the list when a search gave nothing; the list stays closed without it. */
  emptyMessage?: string;
  icon?: ReactNode;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  autoComplete?: string;
}

/**
 * A text input with a list of suggestions (the ARIA combobox pattern):
 * arrows move through the options, Enter picks one, Escape closes the list.
 * It shows whatever options it is given; searching is the caller's business.
 */
export function Combobox<T>({
  label,
  hideLabel,
  inputValue,
  onInputChange,
  options,
  getOptionKey,
  getOptionLabel,
  renderOption,
  onSelect,
  isLoading = false,
  emptyMessage,
  icon,
  placeholder,
  hint,
  error,
  disabled,
  name,
  id,
  autoComplete = 'off',
}: ComboboxProps<T>) {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const hasOptions = options.length > 0;
  const showEmpty = !hasOptions && !isLoading && Boolean(emptyMessage);
  const isExpanded = isOpen && (hasOptions || showEmpty);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: T) => {
    onSelect(option);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hasOptions) return;
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option !== undefined) choose(option);
    } else if (event.key === 'Escape' && isExpanded) {
      // Only the list closes; a surrounding dialog stays open.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };

  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id}>
      {({ inputId, describedBy }) => (
        <div className={styles.wrapper}>
          <div
            className={fieldStyles.control}
            data-invalid={Boolean(error)}
            data-disabled={Boolean(disabled)}
          >
            {icon && <span className={fieldStyles.icon}>{icon}</span>}
            <input
              id={inputId}
              name={name}
              className={fieldStyles.input}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={isExpanded}
              aria-controls={listId}
              aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              autoComplete={autoComplete}
              placeholder={placeholder}
              disabled={disabled}
              value={inputValue}
              onChange={(event) => {
                onInputChange(event.target.value);
                setIsOpen(true);
                setActiveIndex(-1);
              }}
              onFocus={() => setIsOpen(true)}
              onBlur={() => setIsOpen(false)}
              onKeyDown={onKeyDown}
            />
            {isLoading && (
              <span className={styles.loading}>
                <Spinner />
                <span className="sr-only">Buscando...</span>
              </span>
            )}
          </div>
          <div id={listId} role="listbox" className={styles.list} hidden={!isExpanded}>
            {showEmpty && <p className={styles.empty}>{emptyMessage}</p>}
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the options from the input (aria-activedescendant)
              <div
                key={getOptionKey(option)}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={styles.option}
                // Keeps focus in the input so the blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActiveIndex(index)}
              >
                {renderOption ? renderOption(option) : getOptionLabel(option)}
              </div>
            ))}
          </div>
        </div>
      )}
    </Field>
  );
}
