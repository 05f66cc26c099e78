import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CartillaProfesional,
  MESSAGES,
  type ReporteInput,
  reporteInputSchema,
} from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ReporteInput>({ resolver: zodResolver(reporteInputSchema), defaultValues: { motivo: '' } });

  useEffect(() => {
    if (profesional) reset({ motivo: '' });
  }, [profesional, reset]);

  const [notQueued, setNotQueued] = useState(false);
  const onSubmit = handleSubmit((body) => {
    if (!profesional) return;
    setNotQueued(false);
    report.mutate(
      { profesional, body },
      {
        // Sent, or kept on the device to go when the connection returns: either way the dialog closes.
        onSuccess: (outcome) => {
          if (outcome === 'sent') toast.success(MESSAGES.reportes.REPORTE_SENT);
          else toast.success(MESSAGES.reportes.REPORTE_QUEUED);
          onClose();
        },
        onError: (error) => {
          // Offline with nowhere to keep it: said here, with the button to try again.
          if (!isApiError(error)) setNotQueued(true);
          else if (!applyServerErrors({ setError, getValues }, error)) toast.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal
      isOpen={profesional !== null}
      onClose={onClose}
      title="Informar un error"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="reporte-form" isLoading={report.isPending}>
            {notQueued ? 'Reintentar' : 'Enviar'}
          </Button>
        </>
      }
    >
      <form id="reporte-form" className={styles.reportForm} onSubmit={onSubmit} noValidate>
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
        {notQueued && <Alert>{MESSAGES.reportes.REPORTE_NOT_QUEUED}</Alert>}
      </form>
    </Modal>
  );
}
