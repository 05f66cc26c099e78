import { AusenciasField } from '../ausencias-field.tsx';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

/** 'Ausencias': the days the office is closed. */
export function AusenciasSection({ isEditing }: SectionProps) {
  return (
    <ProfileSection title="Ausencias" id="ausencias-heading">
      <AusenciasField isEditing={isEditing} />
    </ProfileSection>
  );
}
