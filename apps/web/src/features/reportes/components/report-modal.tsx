import { type CartillaProfesional, MESSAGES, reporteInputSchema } from '@red-dental/contracts';
import { useState } from 'react';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { useReportProfesional } from '../api/report-profesional.ts';
import styles from './report-modal.module.css';

/** 'Informar un error': the affiliate tells the network what is wrong in a listing. */
export function ReportModal({
  profesional,
  onClose,
}: {
  profesional: CartillaProfesional | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const report = useReportProfesional();
  // The device could keep nothing: the dialog says so and offers 'Reintentar'.
  const [notQueued, setNotQueued] = useState(false);

  const close = () => {
    setNotQueued(false);
    onClose();
  };

  return (
    <FormModal
      isOpen={profesional !== null}
      onClose={close}
      title="Informar un error"
      size="sm"
      className={styles.reportForm}
      schema={reporteInputSchema}
      defaultValues={{ motivo: '' }}
      submitLabel={notQueued ? 'Reintentar' : 'Enviar'}
      onSubmit={async (body) => {
        if (!profesional) return;
        setNotQueued(false);
        // Sent, or kept on the device to go when the connection returns: either way the dialog closes.
        const outcome = await report.mutateAsync({ profesional, body });
        toast.success(outcome === 'sent' ? MESSAGES.reportes.REPORTE_SENT : MESSAGES.reportes.REPORTE_QUEUED);
        close();
      }}
      onFailure={(error, placed) => {
        // Offline with nowhere to keep it: said here, with the button to try again.
        if (!isApiError(error)) {
          setNotQueued(true);
          return MESSAGES.reportes.REPORTE_NOT_QUEUED;
        }
        if (!placed) toast.error(errorMessage(error));
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <p>
            ¿Qué dato de <strong>{profesional?.nombre}</strong> no es correcto? La red lo revisará con el
            profesional.
          </p>
          <TextArea
            label="Qué dato está mal"
            rows={4}
            maxLength={1000}
            placeholder="Por ejemplo: el teléfono ya no corresponde, o se mudó de consultorio."
            error={errors.motivo?.message}
            {...register('motivo')}
          />
        </>
      )}
    </FormModal>
  );
}
