import { Controller, useFormContext } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import styles from '../profile-form.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';

interface CatalogueEntry {
  id: number;
  nombre: string;
}

/** The names of a catalogue's chosen entries, or a line saying there are none. */
export function TagList({ items, empty }: { items: CatalogueEntry[]; empty: string }) {
  if (items.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.tags}>
      {items.map((item) => (
        <li key={item.id} className={styles.tag}>
          {item.nombre}
        </li>
      ))}
    </ul>
  );
}

/**
 * Checkboxes over a catalogue, kept in the form as `[{id}]`; in view mode,
 * the ticked ones. The section's heading names the group, so its legend is hidden.
 */
export function CatalogueField({
  name,
  options,
  legend,
  isEditing,
  empty,
  onTick,
}: {
  name: 'especialidades' | 'obrasSociales';
  options: CatalogueEntry[] | undefined;
  legend: string;
  isEditing: boolean;
  empty: string;
  /** Called with an entry when it is ticked. */
  onTick?: (option: CatalogueEntry) => void;
}) {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value.map((item) => item.id);
        if (!isEditing)
          return <TagList items={(options ?? []).filter((o) => chosen.includes(o.id))} empty={empty} />;
        return (
          <CheckboxGroup
            ref={field.ref}
            legend={legend}
            hideLegend
            options={(options ?? []).map((o) => ({ value: o.id, label: o.nombre }))}
            value={chosen}
            error={fieldState.error?.message}
            onChange={(next, changed) => {
              field.onChange(next.map((id) => ({ id })));
              const option = options?.find((o) => o.id === changed.value);
              if (changed.isChecked && option) onTick?.(option);
            }}
          />
        );
      }}
    />
  );
}
