import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../button/index.ts';
import { Modal } from '../modal/index.ts';

/**
 * While `when` holds (a form with changes not saved), leaving the screen asks
 * first: a link or the back button opens this dialog, and closing or
 * reloading the tab gets the browser's own warning.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = () => blocker.reset?.();
  return (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onClose={stay}
      title="Cambios sin guardar"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={stay}>
            Seguir editando
          </Button>
          <Button variant="alert" onClick={() => blocker.proceed?.()}>
            Salir sin guardar
          </Button>
        </>
      }
    >
      <p>Hay cambios que todavía no se guardaron. Si sale ahora, se pierden.</p>
    </Modal>
  );
}
