import { type Autorizacion, formatFecha, PERMISSIONS, relojAutorizacion } from '@red-dental/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentTime } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useAnularAutorizacion, useSubirAdjunto } from '../api/autorizaciones.ts';
import styles from './autorizaciones.module.css';
import { type Elegido, ElegirArchivos } from './elegir-archivos.tsx';
import { EstadoAutorizacionBadge } from './estado-autorizacion.tsx';
import { HiloAutorizacion } from './hilo-autorizacion.tsx';
import { ItemsAutorizacion } from './items-autorizacion.tsx';
import { VisorAdjuntos } from './visor-adjuntos.tsx';

/** Who, what for, and where a request stands against the contract's promise. */
export function Cabecera({ a }: { a: Autorizacion }) {
  const reloj = relojAutorizacion(a, new Date());
  return (
    <div className={styles.cabecera}>
      <div className={styles.cabeceraHead}>
        <span className={styles.numero}>{a.numero}</span>
        <EstadoAutorizacionBadge estado={a.estado} />
      </div>
      {reloj && <p className={styles.reloj}>{reloj}</p>}
      <dl className={styles.datos}>
        <div>
          <dt>Paciente</dt>
          <dd>
            {a.afiliado.nombre} ({a.afiliado.documento})
          </dd>
        </div>
        <div>
          <dt>Obra social</dt>
          <dd>{a.obraSocial.nombre}</dd>
        </div>
        <div>
          <dt>Profesional</dt>
          <dd>{a.profesional.nombre}</dd>
        </div>
        <div>
          <dt>Pedida</dt>
          <dd>{formatMomentTime(a.pedida)}</dd>
        </div>
        {a.venceEl && (
          <div>
            <dt>Vale hasta</dt>
            <dd>{formatFecha(a.venceEl)}</dd>
          </div>
        )}
      </dl>
      {a.motivoTexto && (
        <p>
          <strong>Motivo:</strong> {a.motivoTexto}
        </p>
      )}
      {a.notaAuditor && (
        <p>
          <strong>Nota del auditor:</strong> {a.notaAuditor}
        </p>
      )}
      {a.nota && (
        <p>
          <strong>Nota del profesional:</strong> {a.nota}
        </p>
      )}
    </div>
  );
}

/** Adds files to a request under review or observed (an answer to the auditor sends it back to review). */
function AgregarArchivos({ id }: { id: number }) {
  const [elegidos, setElegidos] = useState<Elegido[]>([]);
  const subir = useSubirAdjunto(id);
  const toast = useToast();
  const enviar = async () => {
    for (const e of elegidos) {
      await subir.mutateAsync(e);
      setElegidos((xs) => xs.filter((x) => x !== e));
    }
    toast.success(
      elegidos.length === 1 ? 'Archivo agregado a la autorización' : 'Archivos agregados a la autorización',
    );
  };
  return (
    <div className={styles.agregar}>
      <ElegirArchivos elegidos={elegidos} onChange={setElegidos} />
      {subir.isError && <Alert>{errorMessage(subir.error)}</Alert>}
      {elegidos.length > 0 && (
        <div>
          <Button onClick={() => void enviar().catch(() => undefined)} isLoading={subir.isPending}>
            {elegidos.length === 1 ? 'Enviar el archivo' : `Enviar los ${elegidos.length} archivos`}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A request as the dentist who asked follows it: where it stands and the
 * promise, its lines, the files (and more, while it is open), the thread with
 * the auditor, and withdrawing it while unused.
 */
export function AutorizacionDetalle({ autorizacion: a }: { autorizacion: Autorizacion }) {
  // Withdrawing and adding files are the requesting dentist's; an auditor reading it sees neither.
  const prestador = useCan(PERMISSIONS.PRESTACIONES_VALIDATE);
  const abierta = a.estado === 'en_revision' || a.estado === 'observada';
  const anulable = prestador && (abierta || a.estado === 'aprobada' || a.estado === 'aprobada_parcial');
  const [confirmar, setConfirmar] = useState(false);
  const anular = useAnularAutorizacion(a.id);
  const toast = useToast();
  return (
    <div className={styles.detalle}>
      <Panel aria-label={`Autorización ${a.numero}`}>
        <Cabecera a={a} />
        {a.estado === 'observada' && (
          <Alert variant="warning">
            El auditor pidió algo más: respóndale con un mensaje o un archivo y la revisión sigue.
          </Alert>
        )}
        <h2 className={styles.subheading}>Prestaciones</h2>
        <ItemsAutorizacion items={a.items} adjuntos={a.adjuntos} />
        {anulable && (
          <div className={styles.acciones}>
            <Button variant="alert" onClick={() => setConfirmar(true)}>
              Anular la autorización
            </Button>
          </div>
        )}
      </Panel>
      <Panel aria-label="Archivos">
        <h2 className={styles.heading}>Archivos</h2>
        <VisorAdjuntos autorizacionId={a.id} adjuntos={a.adjuntos} />
        {abierta && prestador && <AgregarArchivos id={a.id} />}
      </Panel>
      <Panel aria-label="Mensajes con el auditor">
        <h2 className={styles.heading}>Mensajes con el auditor</h2>
        <HiloAutorizacion
          id={a.id}
          mensajes={a.mensajes}
          abierto={abierta}
          ayuda={
            a.estado === 'observada' ? 'Su respuesta vuelve a poner la autorización en revisión' : undefined
          }
        />
      </Panel>
      <ConfirmModal
        isOpen={confirmar}
        onClose={() => setConfirmar(false)}
        title="Anular la autorización"
        confirmLabel="Anular"
        isPending={anular.isPending}
        onConfirm={() =>
          anular.mutate(undefined, {
            onSuccess: (r) => {
              toast.success(r.message);
              setConfirmar(false);
            },
            onError: (e) => toast.error(errorMessage(e)),
          })
        }
      >
        La autorización {a.numero} deja de valer y no se puede usar en una prestación. ¿Anularla?
      </ConfirmModal>
    </div>
  );
}
