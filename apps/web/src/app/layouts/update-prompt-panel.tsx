import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import styles from './update-prompt-panel.module.css';

/**
 * 'Actualización disponible': a new version of the app was deployed and is
 * ready. It takes over only when the user says so (the reload asks first if a
 * form has unsaved changes); 'Más tarde' leaves it for the next visit.
 */
function UpdatePromptPanel({ applyUpdate }: { applyUpdate: () => void }) {
  const [isDismissed, setIsDismissed] = useState(false);
  if (isDismissed) return null;
  return (
    <section className={styles.prompt} role="status" aria-labelledby="actualizacion-disponible">
      <div>
        <p id="actualizacion-disponible" className={styles.title}>
          Actualización disponible
        </p>
        <p className={styles.text}>Hay una versión nueva de Red Dental. Se abre al actualizar.</p>
      </div>
      <div className={styles.actions}>
        <Button size="sm" onClick={applyUpdate}>
          Actualizar
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setIsDismissed(true)}>
          Más tarde
        </Button>
      </div>
    </section>
  );
}

export { UpdatePromptPanel as default };
