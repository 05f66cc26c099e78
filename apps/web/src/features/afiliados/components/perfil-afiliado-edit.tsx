import type { AfiliadoProfile } from '@red-dental/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { lazyResolver } from '@/lib/lazy-resolver.ts';
import { type AfiliadoProfileChanges, useUpdateAfiliadoProfile } from '../api/update-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';
import { ProfileFields, toValues } from './perfil-afiliado-fields.tsx';

// The contract's rules load with the first save.
const profileResolver = lazyResolver(() =>
  import('./perfil-afiliado-rules.ts').then((module) => module.profileResolver),
);

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
 * The profile being edited: e-mail and phone open to typing, saved with
 * 'Guardar Cambios'. A module of its own, loaded when 'Editar' is pressed, so
 * that showing the profile needs no form library.
 */
export function ProfileEdit({
  profile,
  onSaved,
  onFailed,
  onCancel,
}: {
  profile: AfiliadoProfile;
  onSaved: () => void;
  onFailed: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateAfiliadoProfile();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<AfiliadoProfileChanges>({ resolver: profileResolver, defaultValues: toEditValues(profile) });

  // 'Editar' is gone once the form shows: the keyboard goes on to the first field it opened.
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(toChanges(profile, values), {
      onSuccess: onSaved,
      onError: (error) => {
        applyServerErrors({ setError, getValues }, error);
        onFailed();
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ProfileFields
        profile={profile}
        isEditing
        email={{ ...register('email'), error: errors.email?.message }}
        telefono={{ ...register('telefono'), error: errors.telefono?.message }}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Guardar Cambios
        </Button>
      </div>
    </form>
  );
}
