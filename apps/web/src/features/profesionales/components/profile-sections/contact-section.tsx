import { useFormContext } from 'react-hook-form';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import type { ProfileFormValues, ProfileMode } from '../profile-form-values.ts';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

/** Nombre, Razón Social, Email and Teléfono, in the order each screen of the spec lists them. */
function ContactFields({ isEditing, mode }: SectionProps & { mode: ProfileMode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const readOnly = !isEditing;
  const nombre = (
    <TextInput
      key="nombre"
      label="Nombre"
      autoComplete="name"
      readOnly={readOnly}
      error={errors.nombre?.message}
      {...register('nombre')}
    />
  );
  const razonSocial = (
    <TextInput
      key="razonSocial"
      label="Razón Social"
      autoComplete="organization"
      readOnly={readOnly}
      required={mode === 'owner'}
      error={errors.razonSocial?.message}
      {...register('razonSocial')}
    />
  );
  const email = (
    <TextInput
      key="email"
      label="Email"
      type="email"
      autoComplete="email"
      icon={<MailIcon size={18} />}
      readOnly={readOnly}
      error={errors.email?.message}
      {...register('email')}
    />
  );
  const telefono = (
    <TextInput
      key="telefono"
      label="Teléfono"
      type="tel"
      autoComplete="tel"
      readOnly={readOnly}
      required={mode === 'owner'}
      error={errors.telefono?.message}
      {...register('telefono')}
    />
  );
  return (
    <div className={fieldGrid.grid}>
      {mode === 'owner' ? [nombre, email, telefono, razonSocial] : [nombre, razonSocial, email, telefono]}
    </div>
  );
}

export function ContactSection({ isEditing, mode }: SectionProps & { mode: ProfileMode }) {
  return (
    <ProfileSection title="Datos de contacto" id="contacto-heading">
      <ContactFields isEditing={isEditing} mode={mode} />
    </ProfileSection>
  );
}
