import { JURISDICCIONES, type Profesional } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { ClockIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatMomentDate } from '@/lib/format.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import styles from '../profile-form.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

/** The licence: number and jurisdiction, and whether staff checked it. */
function MatriculaFields({
  isEditing,
  profesional,
  verifyAction,
}: SectionProps & { profesional: Profesional; verifyAction?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const readOnly = !isEditing;
  return (
    <div className={fieldGrid.grid}>
      <TextInput
        label="Matrícula"
        readOnly={readOnly}
        placeholder={isEditing ? 'Opcional' : undefined}
        error={errors.matricula?.message}
        {...register('matricula')}
      />
      {isEditing ? (
        <Select
          label="Jurisdicción de la matrícula"
          placeholder="Opcional"
          options={[
            { value: '', label: 'Sin indicar' },
            ...JURISDICCIONES.map((j) => ({ value: j, label: j })),
          ]}
          error={errors.matriculaJurisdiccion?.message}
          {...register('matriculaJurisdiccion')}
        />
      ) : (
        <TextInput label="Jurisdicción de la matrícula" readOnly {...register('matriculaJurisdiccion')} />
      )}
      <div className={`${fieldGrid.wide} ${styles.statusRow}`}>
        <MatriculaStatus profesional={profesional} />
        {verifyAction}
      </div>
    </div>
  );
}

function MatriculaStatus({ profesional }: { profesional: Profesional }) {
  if (!profesional.matricula) return <p className={styles.muted}>Sin matrícula cargada.</p>;
  if (!profesional.matriculaVerificadaAt)
    return (
      <p className={styles.statusPending}>
        <ClockIcon size={18} />
        Matrícula sin verificar por la red.
      </p>
    );
  return (
    <p className={styles.statusOk}>
      <CheckCircleIcon size={18} />
      Matrícula verificada el {formatMomentDate(profesional.matriculaVerificadaAt)}
      {profesional.matriculaVerificadaPor ? ` por ${profesional.matriculaVerificadaPor}` : ''}.
    </p>
  );
}

export function MatriculaSection(props: Parameters<typeof MatriculaFields>[0]) {
  return (
    <ProfileSection title="Matrícula profesional" id="matricula-heading">
      <MatriculaFields {...props} />
    </ProfileSection>
  );
}
