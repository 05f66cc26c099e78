import { MESSAGES, type Solicitud } from '@red-dental/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { ChevronLeftIcon } from '@/components/ui/screen-icons/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { useCanOpen } from '@/lib/use-can-open.ts';
import listPage from '@/styles/list-page.module.css';
import { useApproveSolicitud } from '../api/approve-solicitud.ts';
import { useSolicitudes } from '../api/get-solicitudes.ts';
import { useRejectSolicitud } from '../api/reject-solicitud.ts';
import styles from './solicitudes-list.module.css';

const licenceOf = (s: Solicitud) =>
  s.matricula ? [s.matricula, s.matriculaJurisdiccion].filter(Boolean).join(' · ') : 'Sin matrícula';

/** `/profesionales/solicitudes`: the pending sign-ups, accepted or rejected one by one. */
export function SolicitudesList() {
  const toast = useToast();
  const solicitudes = useSolicitudes();
  const approve = useApproveSolicitud();
  const [rejecting, setRejecting] = useState<Solicitud | null>(null);
  const canOpen = useCanOpen();

  const accept = (s: Solicitud) =>
    approve.mutate(s.user.id, {
      onSuccess: () => toast.success(`Se aceptó la solicitud de ${s.nombre}`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  // Built on each render: the buttons follow the approval in flight.
  const columns: Column<Solicitud>[] = [
    { id: 'nombre', header: 'Nombre', cell: (s) => <strong>{s.nombre}</strong>, isPrimary: true },
    { id: 'razonSocial', header: 'Razón Social', cell: (s) => s.razonSocial ?? '' },
    { id: 'matricula', header: 'Matrícula', cell: licenceOf },
    {
      id: 'email',
      header: 'Email',
      cell: (s) => (
        <span className={styles.email}>
          {/* A long address wraps after the @ rather than mid-word. */}
          <span>
            {s.email.split('@')[0]}@<wbr />
            {s.email.split('@').slice(1).join('@')}
          </span>
          {/* Only an address its owner proved can be accepted. */}
          <Badge tone={s.emailConfirmado ? 'success' : 'warning'}>
            {s.emailConfirmado ? 'Confirmado' : 'Sin confirmar'}
          </Badge>
        </span>
      ),
    },
    {
      id: 'acciones',
      header: <span className="sr-only">Acciones</span>,
      label: 'Acciones',
      align: 'end',
      // On a phone the decision stays in sight beside the name.
      isPrimary: true,
      cell: (s) => (
        <div className={styles.actions}>
          <Button
            size="sm"
            onClick={() => accept(s)}
            isLoading={approve.isPending && approve.variables === s.user.id}
            aria-label={`Aceptar la solicitud de ${s.nombre}`}
          >
            Aceptar
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRejecting(s)}
            aria-label={`Rechazar la solicitud de ${s.nombre}`}
          >
            Rechazar
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={listPage.page}>
      <ListPanel
        title="Solicitudes Pendientes"
        count={solicitudes.data && formatCount(solicitudes.data.length, 'solicitud', 'solicitudes')}
        leading={
          // Who answers requests without listing professionals comes here from the dashboard or the address.
          canOpen(PATHS.profesionales) && (
            <Link to={PATHS.profesionales} className={styles.back}>
              <ChevronLeftIcon size={18} />
              Volver a Profesionales
            </Link>
          )
        }
      >
        <DataTable
          paging="client"
          label="Solicitudes pendientes"
          columns={columns}
          rows={solicitudes.data}
          getRowId={(s) => s.user.id}
          isLoading={solicitudes.isFetching}
          error={solicitudes.error}
        />
      </ListPanel>
      {rejecting && <RejectModal solicitud={rejecting} onClose={() => setRejecting(null)} />}
    </div>
  );
}

/** 'Confirmación de rechazo', with an optional reason mailed to the applicant; then 'Solicitud Rechazada'. */
function RejectModal({ solicitud, onClose }: { solicitud: Solicitud; onClose: () => void }) {
  const reject = useRejectSolicitud();
  const [motivo, setMotivo] = useState('');

  if (reject.isSuccess)
    return (
      <Modal
        isOpen
        onClose={onClose}
        title="Solicitud Rechazada"
        size="sm"
        footer={<Button onClick={onClose}>Aceptar</Button>}
      >
        <p>La solicitud ha sido rechazada exitosamente</p>
      </Modal>
    );

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Confirmación de rechazo"
      size="sm"
      closeOnOutsideClick={!reject.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reject.isPending}>
            Cancelar
          </Button>
          <Button
            variant="alert"
            isLoading={reject.isPending}
            onClick={() => reject.mutate({ userId: solicitud.user.id, motivo: motivo.trim() || undefined })}
          >
            Rechazar
          </Button>
        </>
      }
    >
      <div className={styles.confirm}>
        <p>Seguro que deseas rechazar la solicitud?</p>
        <p>
          <strong>{solicitud.nombre}</strong>
          {solicitud.razonSocial ? ` · ${solicitud.razonSocial}` : ''}
        </p>
        <TextArea
          label="Motivo (opcional)"
          hint="Se le enviará por email a quien hizo la solicitud."
          maxLength={1000}
          value={motivo}
          onChange={(event) => setMotivo(event.target.value)}
        />
        {reject.isError && <Alert>{MESSAGES.profesionales.REJECT_FAILED}</Alert>}
      </div>
    </Modal>
  );
}
