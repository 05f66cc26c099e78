import {
  ACCESO_TIPO_LABELS,
  type AccesoRow,
  type AfiliadoDatos,
  ESTADO_LINEA_LABELS,
  formatImporte,
  lugarDeLinea,
  MESSAGES,
  type ProfesionalDatos,
  TOKEN_FIN_LABELS,
} from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { FileTextIcon } from '@/components/ui/screen-icons/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatMomentTime } from '@/lib/format.ts';
import { type Titular, useMisDatos } from '../api/get-mis-datos.ts';
import styles from './mis-datos.module.css';

type Field = [label: string, value: ReactNode];

function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className={styles.fields}>
      {fields.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className={styles.empty}>Sin registros.</p>;
  return (
    <table className={styles.table}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, read once, never reordered.
          <tr key={i}>
            {cells.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // Focusable: on a phone a wide table scrolls inside it, and the keyboard must reach that scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable (WCAG 2.1.1)
    <section className={styles.section} aria-label={title} tabIndex={0}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

function notificacionesTable(rows: AfiliadoDatos['notificaciones']) {
  return (
    <Table
      caption="Notificaciones recibidas"
      headers={['Título', 'Categoría', 'Enviada', 'Leída']}
      rows={rows.map((n) => [
        n.titulo,
        n.categoria,
        formatMomentTime(n.enviada),
        n.leida ? formatMomentTime(n.leida) : 'Sin leer',
      ])}
    />
  );
}

function accesosTable(rows: AccesoRow[]) {
  return (
    <Table
      caption="Accesos a sus datos"
      headers={['Fecha', 'Quién', 'Rol', 'Qué hizo']}
      rows={rows.map((a) => [formatMomentTime(a.fecha), a.nombre, a.rol, ACCESO_TIPO_LABELS[a.tipo]])}
    />
  );
}

function AfiliadoSections({ datos }: { datos: AfiliadoDatos }) {
  const a = datos.afiliado;
  return (
    <>
      <Section title="Datos personales">
        <Fields
          fields={[
            ['Nombre', a.nombre],
            ['Documento', `${a.tipoDocumento} ${a.documento}`],
            ['Fecha de nacimiento', a.fechaNacimiento && formatDate(a.fechaNacimiento)],
            ['Email', a.email],
            ['Email pendiente de confirmar', a.emailPendiente],
            ['Teléfono', a.telefono],
            ['Alta', formatMomentTime(a.alta)],
            ['Última modificación', formatMomentTime(a.ultimaModificacion)],
          ]}
        />
      </Section>
      <Section title="Obra social">
        <Fields
          fields={[
            ['Nombre', datos.obraSocial?.nombre ?? 'No asignada'],
            ['Teléfonos', datos.obraSocial?.telefonos.join(', ')],
            ['Emails', datos.obraSocial?.mails.join(', ')],
          ]}
        />
      </Section>
      <Section title="Notificaciones recibidas">{notificacionesTable(datos.notificaciones)}</Section>
      <Section title="Quién accedió a sus datos">{accesosTable(datos.accesos)}</Section>
      <Section title="Prestaciones registradas a su nombre">
        {datos.prestaciones === null ? (
          <p>{MESSAGES.prestaciones.AFILIADO_SIN_TOKEN}.</p>
        ) : (
          <Table
            caption="Prestaciones registradas a su nombre"
            headers={['Fecha', 'Prestación', 'Lugar', 'Profesional', 'Estado', 'Coseguro', 'Código']}
            rows={datos.prestaciones.map((l) => [
              formatDate(l.fecha),
              `${l.nombre} (${l.codigo})`,
              lugarDeLinea(l),
              l.prestador,
              ESTADO_LINEA_LABELS[l.estado],
              formatImporte(l.coseguro),
              l.codigoValidacion,
            ])}
          />
        )}
      </Section>
      <Section title="Sus respuestas sobre las atenciones">
        {datos.respuestas === null ? (
          <p>{MESSAGES.prestaciones.AFILIADO_SIN_TOKEN}.</p>
        ) : (
          <Table
            caption="Sus respuestas sobre las atenciones"
            headers={['Atención', 'Profesional', '¿Lo atendieron?', 'Le cobraron', 'Coseguro', 'Respondió']}
            rows={datos.respuestas.map((r) => [
              formatDate(r.fecha),
              r.prestador,
              r.atendido ? 'Sí' : 'No',
              r.atendido ? formatImporte(r.cobro) : '—',
              formatImporte(r.coseguro),
              formatMomentTime(r.respondida),
            ])}
          />
        )}
      </Section>
      <Section title="Teléfonos con su token">
        <Table
          caption="Teléfonos con su token"
          headers={['Teléfono', 'Activado', 'Último uso', 'Hasta']}
          rows={datos.telefonosToken.map((d) => [
            `${d.dispositivo} (${d.via === 'correo' ? 'enlace por correo' : 'código impreso'})`,
            formatMomentTime(d.desde),
            d.ultimoUso ? formatMomentTime(d.ultimoUso) : '—',
            d.hasta ? `${formatMomentTime(d.hasta)}: ${d.fin ? TOKEN_FIN_LABELS[d.fin] : ''}` : 'Activo',
          ])}
        />
      </Section>
    </>
  );
}

function UsuarioSections({ datos }: { datos: ProfesionalDatos }) {
  const { cuenta, perfil } = datos;
  return (
    <>
      <Section title="Cuenta">
        <Fields
          fields={[
            ['Email', cuenta.email],
            ['Roles', cuenta.roles.join(', ')],
            ['Alta', formatMomentTime(cuenta.alta)],
            ['Último ingreso', formatMomentTime(cuenta.ultimoIngreso)],
            ['Verificación en dos pasos', yesNo(cuenta.segundoFactor)],
          ]}
        />
      </Section>
      {perfil && (
        <Section title="Perfil profesional">
          <Fields
            fields={[
              ['Nombre', perfil.nombre],
              ['Razón social', perfil.razonSocial],
              ['Email', perfil.email],
              ['Teléfono', perfil.telefono],
              ['Dirección', [perfil.direccion, perfil.depto, perfil.localidad].filter(Boolean).join(', ')],
              ['Zona', perfil.zona],
              ['Matrícula', [perfil.matricula, perfil.matriculaJurisdiccion].filter(Boolean).join(' — ')],
              [
                'Matrícula verificada',
                perfil.matriculaVerificada && formatMomentTime(perfil.matriculaVerificada),
              ],
              ['Acepta nuevos pacientes', yesNo(perfil.aceptaNuevosPacientes)],
              ['Especialidades', perfil.especialidades.join(', ')],
              ['Obras sociales', perfil.obrasSociales.join(', ')],
              ['Datos confirmados', perfil.datosConfirmados && formatMomentTime(perfil.datosConfirmados)],
            ]}
          />
        </Section>
      )}
      <Section title="Sesiones abiertas">
        <Table
          caption="Sesiones abiertas"
          headers={['Dispositivo', 'Dirección IP', 'Inicio', 'Último uso']}
          rows={datos.sesiones.map((s) => [
            s.dispositivo ?? '-',
            s.direccion,
            formatMomentTime(s.inicio),
            formatMomentTime(s.ultimoUso),
          ])}
        />
      </Section>
      <Section title="Notificaciones recibidas">{notificacionesTable(datos.notificaciones)}</Section>
      <Section title="Consultas de cobertura que hizo">
        <Table
          caption="Consultas de cobertura"
          headers={['Fecha', 'Documento', 'Resultado']}
          rows={datos.consultasDeCobertura.map((c) => [
            formatMomentTime(c.fecha),
            c.documento ?? '-',
            c.encontrado ? 'Encontrado' : 'No encontrado',
          ])}
        />
      </Section>
    </>
  );
}

/** Everything the network holds about the caller, laid out to read and print. */
export function MisDatosPrint({ titular }: { titular: Titular }) {
  const datos = useMisDatos(titular);
  if (datos.isPending) return <PageLoading />;
  if (datos.error || !datos.data)
    return <Alert>{errorMessage(datos.error) || MESSAGES.auditoria.DATOS_FAILED}</Alert>;
  const generated = formatMomentTime(datos.data.generadoEl);
  return (
    <Panel className={styles.print} aria-labelledby="mis-datos-heading">
      <div className={styles.printHeader}>
        <h2 id="mis-datos-heading" className={styles.heading}>
          Mis datos en la red
        </h2>
        <Button
          variant="secondary"
          className={styles.noPrint}
          icon={<FileTextIcon size={18} />}
          onClick={() => window.print()}
        >
          Imprimir
        </Button>
      </div>
      <p className={styles.hint}>Generado el {generated}.</p>
      {'afiliado' in datos.data ? (
        <AfiliadoSections datos={datos.data} />
      ) : (
        <UsuarioSections datos={datos.data} />
      )}
    </Panel>
  );
}
