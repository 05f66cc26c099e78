import { zodResolver } from '@hookform/resolvers/zod';
import { type AfiliadoProfile, afiliadoProfileUpdateSchema, MESSAGES } from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon, CheckCircleIcon, ClockIcon, MailIcon, PencilIcon } from '@/components/ui/icons/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import { useAfiliadoProfile } from '../api/get-afiliado-profile.ts';
import { type AfiliadoProfileChanges, useUpdateAfiliadoProfile } from '../api/update-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';

/** The spec's status banner times. */
export const BANNER_SUCCESS_MS = 3000;
export const BANNER_ERROR_MS = 5000;

type Banner = { kind: 'success' | 'error'; message: string };

/** The editable values; a pending e-mail is what the affiliate last asked for, so it is what they see. */
function toValues(profile: AfiliadoProfile): AfiliadoProfileChanges {
  return {
    fecha_nacimiento: profile.fecha_nacimiento ?? '',
    email: profile.emailPendiente ?? profile.email ?? '',
    telefono: profile.telefono ?? '',
  };
}

/** `/perfil-afiliado`: the affiliate sees their data and changes birth date, e-mail and phone. */
export function PerfilAfiliado() {
  const profile = useAfiliadoProfile();
  if (profile.isPending)
    return (
      <p className={styles.loading} role="status">
        <Spinner size={20} /> Cargando...
      </p>
    );
  if (profile.error || !profile.data)
    return (
      <p className={styles.loadError} role="alert">
        <AlertIcon size={20} />
        {MESSAGES.afiliados.PROFILE_LOAD_FAILED}
      </p>
    );
  return <ProfileForm profile={profile.data} />;
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
    // The contract validates; the values go out as typed, absent ones as empty strings.
    resolver: zodResolver(afiliadoProfileUpdateSchema, undefined, {
      raw: true,
    }) as Resolver<AfiliadoProfileChanges>,
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

  const cancel = () => {
    reset(toValues(profile));
    setIsEditing(false);
  };

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
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
          <Button variant="secondary" icon={<PencilIcon size={18} />} onClick={() => setIsEditing(true)}>
            Editar
          </Button>
        )}
      </div>

      {/* Both live regions stay mounted, so the banner is announced when it appears. */}
      <div role="status" aria-live="polite" className={styles.liveRegion}>
        {banner?.kind === 'success' && (
          <p className={`${styles.banner} ${styles.bannerSuccess}`}>
            <CheckCircleIcon size={20} />
            {banner.message}
          </p>
        )}
      </div>
      <div role="alert" className={styles.liveRegion}>
        {banner?.kind === 'error' && (
          <p className={`${styles.banner} ${styles.bannerError}`}>
            <AlertIcon size={20} />
            {banner.message}
          </p>
        )}
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={fieldGrid.grid}>
          <TextInput label="Nombre" value={profile.nombre} readOnly className={fieldGrid.wide} />
          <TextInput label="Documento" value={profile.documento} readOnly />
          <TextInput
            label="Fecha de Nacimiento"
            type="date"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            readOnly={readOnly}
            error={errors.fecha_nacimiento?.message}
            {...register('fecha_nacimiento')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            icon={<MailIcon size={18} />}
            readOnly={readOnly}
            className={fieldGrid.wide}
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
