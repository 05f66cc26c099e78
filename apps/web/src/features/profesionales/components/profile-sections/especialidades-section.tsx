import { type Especialidad, GUARDIAS } from '@red-dental/contracts';
import { useFormContext } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import type { ProfileFormValues } from '../profile-form-values.ts';
import { CatalogueField } from './catalogue-field.tsx';
import { LinkButton, ProfileSection, type SectionProps } from './profile-section.tsx';

/** Especialidades; ticking GUARDIAS opens the on-call editor, where the guards are kept. */
function EspecialidadesField({
  isEditing,
  especialidades,
  onGuardiasTicked,
}: SectionProps & { especialidades: Especialidad[] | undefined; onGuardiasTicked: () => void }) {
  return (
    <CatalogueField
      name="especialidades"
      legend="Especialidades"
      options={especialidades}
      isEditing={isEditing}
      empty="Sin especialidades cargadas."
      onTick={(option) => {
        if (option.nombre === GUARDIAS) onGuardiasTicked();
      }}
    />
  );
}

/** 'Acepta nuevos pacientes'. */
function AceptaNuevosPacientesField({ isEditing }: SectionProps) {
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <Checkbox label="Acepta nuevos pacientes" disabled={!isEditing} {...register('aceptaNuevosPacientes')} />
  );
}

/** Especialidades, 'Acepta nuevos pacientes' and the 'Horarios de Guardias' link. */
export function EspecialidadesSection({
  isEditing,
  especialidades,
  onOpenGuardias,
}: SectionProps & { especialidades: Especialidad[] | undefined; onOpenGuardias: () => void }) {
  return (
    <ProfileSection
      title="Especialidades"
      id="especialidades-heading"
      aside={<LinkButton onClick={onOpenGuardias}>Horarios de Guardias</LinkButton>}
    >
      <EspecialidadesField
        isEditing={isEditing}
        especialidades={especialidades}
        onGuardiasTicked={onOpenGuardias}
      />
      <AceptaNuevosPacientesField isEditing={isEditing} />
    </ProfileSection>
  );
}
