import { type AfiliadoProfile, MESSAGES } from '@red-dental/contracts';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PencilIcon } from '@/components/ui/screen-icons/index.ts';
import { useAfiliadoProfile } from '../api/get-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';
import { ProfileFields, toValues } from './perfil-afiliado-fields.tsx';

// The form library comes with the edit, when 'Editar' is pressed: showing the profile needs none.
const loadEdit = () => import('./perfil-afiliado-edit.tsx');
const ProfileEdit = lazy(() => loadEdit().then((module) => ({ default: module.ProfileEdit })));

/** The spec's status banner times. */
export const BANNER_SUCCESS_MS = 3000;
export const BANNER_ERROR_MS = 5000;

type Banner = { kind: 'success' | 'error'; message: string };

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
  const [isEditing, setIsEditing] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(
      () => setBanner(null),
      banner.kind === 'success' ? BANNER_SUCCESS_MS : BANNER_ERROR_MS,
    );
    return () => clearTimeout(timer);
  }, [banner]);

  // What is shown while not editing, and while the edit's module loads. A reloaded profile (after a
  // save, or the e-mail confirmed elsewhere) shows at once.
  const values = toValues(profile);
  const shown = (
    <div className={styles.form}>
      <ProfileFields
        profile={profile}
        isEditing={false}
        email={{ value: values.email, readOnly: true }}
        telefono={{ value: values.telefono, readOnly: true }}
      />
    </div>
  );

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
        {!isEditing && (
          <Button
            variant="secondary"
            icon={<PencilIcon size={18} />}
            // Started as the finger or the pointer reaches the button, the module is often here by the click.
            onPointerDown={() => void loadEdit().catch(() => {})}
            onClick={() => setIsEditing(true)}
          >
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

      {isEditing ? (
        <Suspense fallback={shown}>
          <ProfileEdit
            profile={profile}
            onSaved={() => {
              setIsEditing(false);
              setBanner({ kind: 'success', message: MESSAGES.afiliados.UPDATED });
            }}
            onFailed={() => setBanner({ kind: 'error', message: MESSAGES.afiliados.UPDATE_FAILED })}
            onCancel={() => setIsEditing(false)}
          />
        </Suspense>
      ) : (
        shown
      )}
    </Panel>
  );
}
