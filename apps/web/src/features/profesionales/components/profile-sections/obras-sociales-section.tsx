import type { ObraSocialRef, Profesional } from '@red-dental/contracts';
import { getPublicConfig } from '@/lib/config.ts';
import styles from '../profile-form.module.css';
import type { ProfileMode } from '../profile-form-values.ts';
import { CatalogueField, TagList } from './catalogue-field.tsx';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

const ASK_SUBJECT = 'Agregar una obra social a mi perfil';

/** How a dentist gets an insurer she takes onto her profile: she asks the network, at its address when one is set. */
function AskTheNetwork() {
  const { contactEmail } = getPublicConfig();
  return (
    <p className={styles.hint}>
      Si atiende una obra social que no figura aquí, pídale a la red que la agregue
      {contactEmail ? (
        <>
          {': escriba a '}
          <a href={`mailto:${contactEmail}?subject=${encodeURIComponent(ASK_SUBJECT)}`}>{contactEmail}</a>
          {' con el nombre de la obra social.'}
        </>
      ) : (
        '.'
      )}
    </p>
  );
}

/** Staff tick the insurers; the professional sees them, as the network keeps them. */
function ObrasSocialesField({
  isEditing,
  mode,
  options,
  profesional,
}: SectionProps & { mode: ProfileMode; options: ObraSocialRef[] | undefined; profesional: Profesional }) {
  if (mode === 'owner')
    return (
      <>
        <TagList items={profesional.obrasSociales} empty="Todavía no atiende obras sociales de la red." />
        <p className={styles.hint}>Las obras sociales que atiende las asigna la red.</p>
        <AskTheNetwork />
      </>
    );
  return (
    <CatalogueField
      name="obrasSociales"
      legend="Obras Sociales"
      options={options}
      isEditing={isEditing}
      empty="No atiende obras sociales."
    />
  );
}

export function ObrasSocialesSection(props: Parameters<typeof ObrasSocialesField>[0]) {
  return (
    <ProfileSection title="Obras Sociales" id="obras-sociales-heading">
      <ObrasSocialesField {...props} />
    </ProfileSection>
  );
}
