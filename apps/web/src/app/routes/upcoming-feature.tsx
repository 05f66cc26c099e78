import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state/index.ts';

/**
 * Stands in for a screen that is not available yet, inside the final frame,
 * and tells the user what the screen will offer.
 */
export function UpcomingFeature({
  icon,
  title,
  description,
  items,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  items?: readonly string[];
  /** What the user can already do here. */
  children?: ReactNode;
}) {
  return (
    <EmptyState icon={icon} title={title} badge="Próximamente">
      <p>{description}</p>
      {items && items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {children}
    </EmptyState>
  );
}
