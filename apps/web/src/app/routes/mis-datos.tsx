import { MisDatosPrint } from '@/features/mis-datos/components/mis-datos-print.tsx';
import { useSession } from '@/lib/session.ts';

/** `/perfil-afiliado/mis-datos` and `/mi-cuenta/mis-datos`: the caller's own data, ready to print. */
export function Component() {
  const session = useSession();
  return <MisDatosPrint titular={session?.kind === 'afiliado' ? 'afiliado' : 'usuario'} />;
}
