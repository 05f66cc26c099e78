import { type AfiliadoProfile, MESSAGES } from '@red-dental/contracts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { ClockIcon, LockIcon } from '@/components/ui/screen-icons/index.ts';
import { TextInput, type TextInputProps } from '@/components/ui/text-input/index.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import type { AfiliadoProfileChanges } from '../api/update-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';

/** What an editable field takes: its value shown read-only, or the form's hold on it while editing. */
type ContactFieldProps = Pick<
  TextInputProps,
  'value' | 'name' | 'ref' | 'onChange' | 'onBlur' | 'readOnly' | 'error'
>;

/** The values shown; a pending e-mail is what the affiliate last asked for, so it is what they see. */
export function toValues(profile: AfiliadoProfile): AfiliadoProfileChanges {
  return {
    email: profile.emailPendiente ?? profile.email ?? '',
    telefono: profile.telefono ?? '',
  };
}

/**
 * The profile's fields, the same whether shown or edited: name, document and
 * birth date always read-only (staff keep them), e-mail and phone as the
 * caller holds them.
 */
export function ProfileFields({
  profile,
  isEditing,
  email,
  telefono,
}: {
  profile: AfiliadoProfile;
  isEditing: boolean;
  email: ContactFieldProps;
  telefono: ContactFieldProps;
}) {
  const hidden = profile.contactoOculto;
  return (
    <div className={fieldGrid.grid}>
      <TextInput label="Nombre" value={profile.nombre} readOnly className={fieldGrid.wide} />
      <TextInput label="Documento" value={profile.documento} readOnly />
      <TextInput
        label="Fecha de Nacimiento"
        type="date"
        value={profile.fecha_nacimiento ?? ''}
        readOnly
        hint={isEditing ? MESSAGES.afiliados.BIRTHDATE_READ_ONLY : undefined}
      />
      {hidden && (
        <p className={`${styles.partial} ${fieldGrid.wide}`}>
          <LockIcon size={18} />
          <span>
            {MESSAGES.afiliados.CONTACT_SHOWN_IN_PART}
            {isEditing && ` ${MESSAGES.afiliados.CONTACT_REPLACE_HINT}`}
          </span>
        </p>
      )}
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        icon={<MailIcon size={18} />}
        className={fieldGrid.wide}
        placeholder={hidden && isEditing ? (profile.emailPendiente ?? profile.email ?? '') : undefined}
        hint={MESSAGES.afiliados.EMAIL_HINT}
        {...email}
      />
      {profile.emailPendiente && (
        <div className={`${styles.pending} ${fieldGrid.wide}`}>
          <ClockIcon size={20} />
          <p>
            <strong>{profile.emailPendiente}</strong> está pendiente de confirmación. Le enviamos un enlace a
            esa dirección: ábralo para confirmarla.{' '}
            {profile.email
              ? `Hasta entonces, las novedades siguen llegando a ${profile.email}.`
              : 'Hasta entonces no recibirá novedades por email.'}
          </p>
        </div>
      )}
      <TextInput
        label="Teléfono/Movil"
        type="tel"
        autoComplete="tel"
        placeholder={hidden && isEditing ? (profile.telefono ?? '') : undefined}
        {...telefono}
      />
    </div>
  );
}
