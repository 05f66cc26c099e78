import { Link } from 'react-router';
import { LocationMap } from '@/components/maps/location-map/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { useConfirmRecordatorio } from '../api/confirm-recordatorio.ts';
import { useRecordatorioDatos } from '../api/get-recordatorio-datos.ts';
import styles from './datos-al-dia.module.css';

/**
 * `/datos-al-dia/{token}`: the reminder's link. It shows the listing as
 * affiliates see it, the office's pin on the map and its hours among it, and
 * confirms it with one press (opening the link alone
 * changes nothing: mail scanners open links too); to change something the
 * provider signs in to 'Mi Perfil'.
 */
export function DatosAlDia({ token }: { token: string }) {
  const datos = useRecordatorioDatos(token);
  const confirm = useConfirmRecordatorio(token);
  const toProfile = (
    <Link to={PATHS.login} className={buttonClasses({ variant: 'secondary', size: 'full' })}>
      Ingresar para corregir mis datos
    </Link>
  );

  if (datos.isError || confirm.isSuccess || confirm.isError || datos.isPending)
    return (
      <LinkOutcome
        title="Sus datos en la cartilla"
        status={datos.isPending ? 'pending' : confirm.isSuccess ? 'success' : 'error'}
        pendingText="Buscando sus datos..."
        message={
          confirm.isSuccess ? confirm.data.message : errorMessage(datos.isError ? datos.error : confirm.error)
        }
      >
        {toProfile}
      </LinkOutcome>
    );

  const d = datos.data;
  const rows: [string, string][] = [
    ['Teléfono', d.telefono ?? '-'],
    ['Dirección', d.direccion ?? '-'],
    ['Localidad', d.localidad ?? '-'],
    ['Especialidades', d.especialidades.join(', ') || '-'],
    ['Obras sociales', d.obrasSociales.join(', ') || '-'],
  ];
  return (
    <div className={styles.box}>
      <h2 className={styles.title}>Sus datos en la cartilla</h2>
      <p>
        Así ven los afiliados a <strong>{d.nombre}</strong>.{' '}
        {d.datosConfirmadosAt
          ? `Los confirmó por última vez el ${formatMomentDate(d.datosConfirmadosAt)}.`
          : 'Todavía no los confirmó.'}
      </p>
      <dl className={styles.data}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {!d.lat || !d.long ? (
          <div className={styles.row}>
            <dt>Ubicación en el mapa</dt>
            <dd>Sin marcar: el consultorio no aparece en el mapa de la cartilla ni en “Cerca mío”.</dd>
          </div>
        ) : null}
      </dl>
      {d.lat && d.long ? (
        <div className={styles.place}>
          <h3 className={styles.subtitle}>Ubicación en el mapa</h3>
          <LocationMap
            lat={d.lat}
            long={d.long}
            label="Ubicación del consultorio en el mapa de la cartilla"
          />
        </div>
      ) : null}
      <WeeklyScheduleEditor value={d.horarios} readOnly legend="Horarios de atención" />
      <Button size="full" isLoading={confirm.isPending} onClick={() => confirm.mutate()}>
        Mis datos están actualizados
      </Button>
      {toProfile}
    </div>
  );
}
