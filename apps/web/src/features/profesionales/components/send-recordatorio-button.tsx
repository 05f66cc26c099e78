import { MESSAGES, type Profesional } from '@red-dental/contracts';
import { Button, type ButtonSize } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSendRecordatorio } from '../api/send-recordatorio.ts';

/**
 * 'Enviar recordatorio': mails the provider the link to see and confirm
 * their directory data now, rather than waiting for the monthly reminder
 * (the server still sends at most one every 30 days, and says until when).
 */
export function SendRecordatorioButton({
  profesional,
  size,
}: {
  profesional: Pick<Profesional, 'id' | 'nombre'>;
  size?: ButtonSize;
}) {
  const toast = useToast();
  const send = useSendRecordatorio();
  return (
    <Button
      variant="secondary"
      size={size}
      icon={<MailIcon size={size === 'sm' ? 16 : 18} />}
      aria-label={size === 'sm' ? `Enviar recordatorio a ${profesional.nombre}` : undefined}
      isLoading={send.isPending}
      onClick={() =>
        send.mutate(profesional.id, {
          onSuccess: () => toast.success(MESSAGES.profesionales.RECORDATORIO_SENT(profesional.nombre)),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      Enviar recordatorio
    </Button>
  );
}
