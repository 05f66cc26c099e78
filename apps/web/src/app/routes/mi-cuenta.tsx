import { SesionesPanel } from '@/features/sesiones/components/sesiones-panel.tsx';
import { useSignOut } from '../layouts/use-sign-out.ts';

/** `/mi-cuenta`: what every staff member and professional keeps of their own account. */
export function Component() {
  const signOut = useSignOut();
  return <SesionesPanel onSignOut={signOut} />;
}
