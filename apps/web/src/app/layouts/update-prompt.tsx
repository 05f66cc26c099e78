import { lazy, Suspense } from 'react';
import { useWaitingUpdate } from '@/lib/service-worker.ts';

/** Loaded only when a new version is waiting, which most visits never see. */
const UpdatePromptPanel = lazy(() => import('./update-prompt-panel.tsx'));

/** 'Actualización disponible' once a new version of the app is installed and waiting. */
export function UpdatePrompt() {
  const applyUpdate = useWaitingUpdate();
  if (!applyUpdate) return null;
  return (
    <Suspense>
      <UpdatePromptPanel applyUpdate={applyUpdate} />
    </Suspense>
  );
}
