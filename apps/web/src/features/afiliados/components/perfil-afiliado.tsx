import { type AfiliadoProfile, MESSAGES } from '@red-dental/contracts';
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { ClockIcon, LockIcon, PencilIcon } from '@/components/ui/screen-icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { lazyResolver } from '@/lib/lazy-resolver.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import { useAfiliadoProfile } from '../api/get-afiliado-profile.ts';
import { type AfiliadoProfileChanges, useUpdateAfiliadoProfile } from '../api/update-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';

// The contract's rules load with the first save: showing the profile needs no schema library.
const profileResolver = lazyResolver(() =>
  import('./perfil-afiliado-rules.ts').then((module) => module.profileResolver),
);

/** The spec's status banner times. */
export const BANNER_SUCCESS_MS = 3000;
export const BANNER_ERROR_MS = 5000;

type Banner = { kind: 'success' | 'error'; message: string };

/** The values shown; a pending e-mail is what the affiliate last asked for, so it is what they see. */
function toValues(profile: AfiliadoProfile): AfiliadoProfileChanges {
  return {
    email: profile.emailPendiente ?? profile.email ?? '',
    telefono: profile.telefono ?? '',
  };
}

/** What an edit starts from: data shown only in part is not typed over but replaced (the fields start empty). */
function toEditValues(profile: AfiliadoProfile): AfiliadoProfileChanges {
  return profile.contactoOculto ? { email: '', telefono: '' } : toValues(profile);
}

/**
 * What a save sends. With the contact data shown in part an empty field means
 * "keep it", so only what was typed goes; otherwise every field goes, absent
 * ones as empty strings (the spec).
 */
function toChanges(
  profile: AfiliadoProfile,
  values: AfiliadoProfileChanges,
): Partial<AfiliadoProfileChanges> {
  if (!profile.contactoOculto) return values;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/**
 * `/perfil-afiliado`: the affiliate sees their data and changes e-mail and
 * phone; the birth date is kept by staff (it may be the portal's second factor).
 */
export function PerfilAfiliado() {
  const profile = useAfiliadoProfile();
  // The form is first drawn in the background, yielding to the phone every few milliseconds,
  // instead of in the one long task that follows the answer; later answers show at once.
  const data = useDeferredValue(profile.data) && profile.data;
  if (profile.isPending || (profile.data && !data)) return <PageLoading />;
  if (profile.error || !data)
    return <Alert className={styles.loadError}>{MESSAGES.afiliados.PROFILE_LOAD_FAILED}</Alert>;
  return <ProfileForm profile={data} />;
}

function ProfileForm({ profile }: { profile: AfiliadoProfile }) {
  const update = useUpdateAfiliadoProfile();
  const [isEditing, setIsEditing] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<AfiliadoProfileChanges>({
    resolver: profileResolver,
    defaultValues: toValues(profile),
  });

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(
      () => setBanner(null),
      banner.kind === 'success' ? BANNER_SUCCESS_MS : BANNER_ERROR_MS,
    );
    return () => clearTimeout(timer);
  }, [banner]);

  // A reloaded profile (after a save, or the e-mail confirmed elsewhere) refreshes what is shown.
  useEffect(() => {
    if (!isEditing) reset(toValues(profile));
  }, [profile, isEditing, reset]);

  const startEditing = () => {
    reset(toEditValues(profile));
    setIsEditing(true);
  };

  const cancel = () => {
    reset(toValues(profile));
    setIsEditing(false);
  };

  const onSubmit = handleSubmit((values) => {
    update.mutate(toChanges(profile, values), {
      onSuccess: (saved) => {
        reset(toValues(saved));
        setIsEditing(false);
        setBanner({ kind: 'success', message: MESSAGES.afiliados.UPDATED });
      },
      onError: (error) => {
        applyServerErrors({ setError, getValues }, error);
        setBanner({ kind: 'error', message: MESSAGES.afiliados.UPDATE_FAILED });
      },
    });
  });

  const readOnly = !isEditing;
  const hidden = profile.contactoOculto;
  return (
    <Panel className={styles.panel} aria-labelledby="perfil-heading">
      <div className={styles.header}>
        <div>
          <h2 id="perfil-heading" className={styles.heading}>
            Mis datos
          </h2>
          <p className={styles.muted}>
            Obra Social: <strong>{profile.obraSocial?.nombre ?? 'No asignada'}</strong>
          </p>
        </div>
        {readOnly && (
          <Button variant="secondary" icon={<PencilIcon size={18} />} onClick={startEditing}>
            Editar
          </Button>
        )}
      </div>

      {/* Both live regions stay mounted, so the banner is announced when it appears. */}
      <Alert variant="success" className={styles.liveRegion}>
        {banner?.kind === 'success' && banner.message}
      </Alert>
      <Alert variant="error" className={styles.liveRegion}>
        {banner?.kind === 'error' && banner.message}
      </Alert>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
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
            readOnly={readOnly}
            className={fieldGrid.wide}
            placeholder={hidden && isEditing ? (profile.emailPendiente ?? profile.email ?? '') : undefined}
            hint={MESSAGES.afiliados.EMAIL_HINT}
            error={errors.email?.message}
            {...register('email')}
          />
          {profile.emailPendiente && (
            <div className={`${styles.pending} ${fieldGrid.wide}`}>
              <ClockIcon size={20} />
              <p>
                <strong>{profile.emailPendiente}</strong> está pendiente de confirmación. Le enviamos un
                enlace a esa dirección: ábralo para confirmarla.{' '}
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
            readOnly={readOnly}
            placeholder={hidden && isEditing ? (profile.telefono ?? '') : undefined}
            error={errors.telefono?.message}
            {...register('telefono')}
          />
        </div>
        {isEditing && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
              Cancelar
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              Guardar Cambios
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
