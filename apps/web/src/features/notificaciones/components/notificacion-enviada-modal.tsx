import type { DestinatarioTipo } from '@red-dental/contracts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { formatCount } from '@/lib/format.ts';

/** 'Notificación Enviada', with Cerrar back to the list; open while `recipientCount` is known. */
export function NotificacionEnviadaModal({
  recipientCount,
  destinatario,
  onClose,
}: {
  recipientCount: number | undefined;
  destinatario: DestinatarioTipo;
  onClose: () => void;
}) {
  const [one, many] =
    destinatario === 'profesionales' ? ['profesional', 'profesionales'] : ['afiliado', 'afiliados'];
  return (
    <Modal
      isOpen={recipientCount !== undefined}
      onClose={onClose}
      title="Notificación Enviada"
      tone="success"
      size="sm"
      hideCloseButton
      footer={<Button onClick={onClose}>Cerrar</Button>}
    >
      <p>
        La notificación ya está en el portal de {formatCount(recipientCount ?? 0, one, many)}. Quienes tienen
        un email registrado reciben además un aviso.
      </p>
    </Modal>
  );
}
