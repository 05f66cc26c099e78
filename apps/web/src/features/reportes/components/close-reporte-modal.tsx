import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUpdateReporte } from '../api/update-reporte.ts';
import styles from './close-reporte-modal.module.css';

const NOTA_MAX = 500;

/**
 * 'Cerrar reporte': what was found or done, which the affiliate who sent the
 * report reads. The same dialog closes a report from the queue and from the
 * provider's page.
 */
export function CloseReporteModal({
  reporte,
  profesionalNombre,
  onClose,
}: {
  reporte: { id: number; motivo: string };
  profesionalNombre: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const update = useUpdateReporte();
  const [nota, setNota] = useState('');
  const tooLong = nota.trim().length > NOTA_MAX;

  const submit = () =>
    update.mutate(
      { id: reporte.id, estado: 'cerrado', nota: nota.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(`Se cerró el reporte sobre ${profesionalNombre}`);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Cerrar reporte"
      size="sm"
      closeOnOutsideClick={!update.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} isLoading={update.isPending} disabled={tooLong}>
            Cerrar reporte
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p>
          <strong>{profesionalNombre}</strong>: {reporte.motivo}
        </p>
        <TextArea
          label="Qué se revisó o corrigió (lo lee el afiliado que lo informó)"
          value={nota}
          onChange={(event) => setNota(event.target.value)}
          rows={4}
          error={tooLong ? `Use ${NOTA_MAX} caracteres como máximo.` : undefined}
        />
      </div>
    </Modal>
  );
}
