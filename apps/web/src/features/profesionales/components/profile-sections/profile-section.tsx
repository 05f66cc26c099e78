import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import styles from '../profile-form.module.css';

export interface SectionProps {
  isEditing: boolean;
}

/** A titled part of the profile. */
export function ProfileSection({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h3 id={id} className={styles.sectionTitle}>
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A button that looks like a link, for actions the spec calls links ('Horarios de Guardias', 'Agregar zona'). */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="none" className={styles.linkButton} onClick={onClick}>
      {children}
    </Button>
  );
}
