import { type AfiliadoProfile, MESSAGES } from '@red-dental/contracts';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PencilIcon } from '@/components/ui/screen-icons/index.ts';
import { useAfiliadoProfile } from '../api/get-afiliado-profile.ts';
import styles from './perfil-afiliado.module.css';
import { ProfileFields, toValues } from './perfil-afiliado-fields.tsx';

type EditForm = typeof import('./perfil-afiliado-edit.tsx')['ProfileEdit'];

// The form library comes with the edit, when 'Editar' is pressed: showing the profile needs none.
let editLoading: Promise<EditForm> | null = null;
/** The editing form once it has arrived. */
let loadedEdit: EditForm | null = null;

/** Fetches the editing form once; a failed download is tried again at the next press. */
function loadEdit(): Promise<EditForm> {
  editLoading ??= import('./perfil-afiliado-edit.tsx').then(
    ({ ProfileEdit }) => (loadedEdit = ProfileEdit),
    (error: unknown) => {
      editLoading = null;
      throw error;
    },
  );
  return editLoading;
}

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
  const [isOpening, setIsOpening] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(
      () => setBanner(null),
      banner.kind === 'success' ? BANNER_SUCCESS_MS : BANNER_ERROR_MS,
    );
    return () => clearTimeout(timer);
  }, [banner]);

  // Back from editing (saved or cancelled), the keyboard returns to 'Editar'.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  // 'Editar' stays, busy, while the form's file arrives; if it cannot, the profile stays as shown.
  const startEditing = async () => {
    setIsOpening(true);
    try {
      await loadEdit();
      setIsEditing(true);
    } catch {
      setBanner({ kind: 'error', message: MESSAGES.afiliados.EDIT_UNAVAILABLE });
    } finally {
      setIsOpening(false);
    }
  };

  const values = toValues(profile);
  const ProfileEdit = isEditing ? loadedEdit : null;
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
          {/* The plan and the card's number are the insurer's: the portal shows them, staff change them. */}
          <p className={styles.muted}>
            Plan: <strong>{profile.plan ? profile.plan.nombre : MESSAGES.afiliados.SIN_PLAN}</strong>
            {profile.numeroAfiliado && (
              <>
                {' '}
                · N.º de afiliado: <strong>{profile.numeroAfiliado}</strong>
              </>
            )}
          </p>
        </div>
        {!ProfileEdit && (
          <Button
            ref={editButton}
            variant="secondary"
            icon={<PencilIcon size={18} />}
            isLoading={isOpening}
            // Started as the pointer reaches the button or the keyboard focuses it, the file is
            // often here by the press.
            onPointerEnter={() => void loadEdit().catch(() => {})}
            onFocus={() => void loadEdit().catch(() => {})}
            onClick={startEditing}
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

      {ProfileEdit ? (
        <ProfileEdit
          profile={profile}
          onSaved={() => {
            setIsEditing(false);
            setBanner({ kind: 'success', message: MESSAGES.afiliados.UPDATED });
          }}
          onFailed={() => setBanner({ kind: 'error', message: MESSAGES.afiliados.UPDATE_FAILED })}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        // A reloaded profile (after a save, or the e-mail confirmed elsewhere) shows at once.
        <div className={styles.form}>
          <ProfileFields
            profile={profile}
            isEditing={false}
            email={{ value: values.email, readOnly: true }}
            telefono={{ value: values.telefono, readOnly: true }}
          />
        </div>
      )}
    </Panel>
  );
}
