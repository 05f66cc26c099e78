import type { UsuarioRow } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useChangeEstado } from '../api/change-usuario-estado.ts';
import { useReenviarInvitacion } from '../api/resend-invitacion.ts';
import { useSendRecovery } from '../api/send-recovery-link.ts';

export type AccountAction = {
  kind: 'desactivar' | 'reactivar' | 'recuperacion' | 'reenviar';
  usuario: UsuarioRow;
};

const TITLES: Record<AccountAction['kind'], string> = {
  desactivar: 'Desactivar cuenta',
  reactivar: 'Reactivar cuenta',
  recuperacion: 'Enviar enlace de recuperación',
  reenviar: 'Reenviar invitación',
};

function explanation({ kind, usuario }: AccountAction): ReactNode {
  const who = <strong>{usuario.nombre ?? usuario.email}</strong>;
  switch (kind) {
    case 'desactivar':
      return (
        <>
          {who} no podrá iniciar sesión y sus sesiones abiertas se cierran ahora.
          {usuario.tipo === 'profesional' && ' Deja de aparecer en la cartilla.'} Se puede reactivar después.
        </>
      );
    case 'reactivar':
      return <>{who} podrá volver a iniciar sesión con su email y contraseña.</>;
    case 'recuperacion':
      return <>Se envía a {usuario.email} un enlace para elegir una contraseña nueva, válido por 1 hora.</>;
    case 'reenviar':
      return <>Se envía a {usuario.email} un enlace nuevo; el anterior deja de valer.</>;
  }
}

/** Asks before an action on an account and says what came of it. */
export function ConfirmAccountAction({
  action,
  onClose,
}: {
  action: AccountAction | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const estado = useChangeEstado();
  const recovery = useSendRecovery();
  const resend = useReenviarInvitacion();
  const pending = estado.isPending || recovery.isPending || resend.isPending;

  const confirm = () => {
    if (!action) return;
    const { id } = action.usuario;
    const callbacks = {
      onSuccess: ({ message }: { message: string }) => toast.success(message),
      onError: (error: unknown) => toast.error(errorMessage(error)),
      onSettled: onClose,
    };
    if (action.kind === 'desactivar' || action.kind === 'reactivar')
      estado.mutate({ id, activo: action.kind === 'reactivar' }, callbacks);
    else if (action.kind === 'recuperacion') recovery.mutate(id, callbacks);
    else resend.mutate(id, callbacks);
  };

  return (
    <Modal
      isOpen={action !== null}
      onClose={onClose}
      title={action ? TITLES[action.kind] : ''}
      tone={action?.kind === 'desactivar' ? 'error' : 'default'}
      size="sm"
      closeOnOutsideClick={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button
            variant={action?.kind === 'desactivar' ? 'alert' : 'primary'}
            onClick={confirm}
            isLoading={pending}
          >
            {action ? TITLES[action.kind].split(' ')[0] : ''}
          </Button>
        </>
      }
    >
      {action && <p>{explanation(action)}</p>}
    </Modal>
  );
}
