import type { z } from 'zod';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditAction, type AuditEntity } from './auditoria.ts';
import { type DescribedAuditRow, type NamedEntity, referencedName } from './auditoria-describe.ts';
import { type AuditEntryRead, type auditExportDetails, readAuditEntry } from './auditoria-entries.ts';
import {
  ESTADO_AUTORIZACION_LABELS,
  type EstadoAutorizacion,
  MOTIVOS_AUDITORIA,
  type MotivoAuditoria,
} from './autorizaciones.ts';
import { AREA_LABELS, DENTICION_LABELS } from './nomenclador.ts';
import { ADJUNTO_LABELS, type Adjunto } from './planes.ts';

// ---------------------------------------------------------------------------
// A row's details as readable lines, not JSON: what a search looked for, how
// big an export was, what a change changed ("Nombre: Centro → Centro Norte").
// ---------------------------------------------------------------------------

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-AR')} ${n === 1 ? one : many}`;

/** How each field a row records is called. */
const FIELD_LABELS: Record<string, string> = {
  nombre: 'Nombre',
  name: 'Nombre',
  numero: 'Número',
  title: 'Título',
  email: 'Email',
  telefono: 'Teléfono',
  mail: 'Email',
  mails: 'Emails',
  telefonos: 'Teléfonos',
  permissions: 'Permisos',
  roles: 'Roles',
  category: 'Categoría',
  destinatario: 'Destinatarios',
  archivo: 'Archivo',
  motivo: 'Motivo',
  nota: 'Nota',
  estado: 'Estado',
  search: 'Búsqueda',
  actor: 'Usuario',
  accion: 'Acción',
  entidad: 'Sobre',
  documento: 'Documento',
  desde: 'Desde',
  hasta: 'Hasta',
  obraSocial: 'Obra social',
  codigo: 'Código',
  codigos: 'Códigos',
  norma: 'Norma',
  area: 'Área de tratamiento',
  carasMin: 'Caras mínimas',
  carasMax: 'Caras máximas',
  denticion: 'Dentición',
  unidades: 'Unidades',
  vigenteDesde: 'Vigente desde',
  vigenteHasta: 'Vigente hasta',
  diaCierre: 'Día de cierre',
  plazoPresentacionDias: 'Plazo de presentación (días)',
  plazoRefacturacionDias: 'Plazo de refacturación (días)',
  plazoUrgenciaDias: 'Plazo para regularizar una urgencia (días)',
  plazoAutorizacionHoras: 'Plazo de respuesta de una autorización (horas)',
  vigenciaAutorizacionDias: 'Vigencia de una autorización (días)',
  requiereToken: 'Requiere token del afiliado',
  tokenBloquea: 'Sin token no se valida',
  extrapolaMuestra: 'Extrapola la muestra',
  valorUnidad: 'Valor de la unidad (centavos)',
  plan: 'Plan',
  objetivo: 'Se aplica a',
  texto: 'Regla',
  numeroAfiliado: 'Número de afiliado',
  fechaAlta: 'Fecha de alta',
};

/** Fields a line of their own would repeat: the sentence names the subject, the document has its column. */
const SAID_ELSEWHERE = new Set([
  'nombre',
  'name',
  'title',
  'email',
  'documento',
  'ids',
  'obraSocial',
  'codigo',
  'planId',
]);

/** Values some fields hold, as words. */
const VALUE_WORDS: Record<string, string> = {
  active: 'activo',
  inactive: 'inactivo',
  afiliados: 'afiliados',
  profesionales: 'profesionales',
  // A code's treatment area and dentition, as the Nomenclador screen says them.
  ...AREA_LABELS,
  ...DENTICION_LABELS,
};

/** A value as a cell shows it: a list joined, yes or no, a date as written. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return value.toLocaleString('es-AR');
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : '-';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${FIELD_LABELS[k] ?? k}: ${plain(v)}`)
      .join(', ');
  const s = String(value);
  return VALUE_WORDS[s] ?? s;
}

const same = (a: unknown, b: unknown) => plain(a) === plain(b);

/** What a change did to an affiliate's e-mail, as its row records it. */
const EMAIL_OUTCOMES: Record<string, string> = {
  pendiente: 'Email nuevo, a confirmar por su dueño',
  quitado: 'Email quitado',
  'pendiente anulado': 'Email pendiente anulado',
};

/** Fields that say something in words of their own, or point to another record by its id. */
function specialLine(row: DescribedAuditRow, key: string, value: unknown): string | null | undefined {
  const names = (entity: NamedEntity, ids: unknown) =>
    Array.isArray(ids) && ids.length
      ? ids.map((id) => referencedName(row, entity, id)).join(', ')
      : 'ninguna';
  switch (key) {
    case 'obraSocialId':
      return value == null ? null : `Obra social: ${referencedName(row, 'obra_social', value)}`;
    case 'zonaId':
      return `Zona: ${value == null ? 'ninguna' : referencedName(row, 'zona', value)}`;
    case 'profesionalId':
      return value == null ? null : `Profesional: ${referencedName(row, 'profesional', value)}`;
    case 'obrasSociales':
      return value === undefined ? null : `Obras sociales: ${names('obra_social', value)}`;
    case 'especialidades':
      return `Especialidades: ${names('especialidad', value)}`;
    case 'email':
      // An affiliate's change says what became of the e-mail; elsewhere the e-mail is the subject's.
      return EMAIL_OUTCOMES[String(value)];
    case 'emailPendiente':
      return `Email pendiente de confirmación: ${plain(value)}`;
    case 'passwordChanged':
      return value ? 'Contraseña cambiada' : null;
    case 'invitacion':
      if (value === true) return 'Por invitación';
      return value === 'reenviada'
        ? 'Invitación reenviada'
        : value === 'aceptada'
          ? 'Invitación aceptada'
          : undefined;
    case 'recuperacion':
      return 'Enlace para restablecer la contraseña enviado';
    case 'segundoFactor':
      if (row.action === 'login')
        return value ? 'Con verificación en dos pasos' : 'Sin verificación en dos pasos';
      return value === 'activado'
        ? 'Verificación en dos pasos activada'
        : 'Verificación en dos pasos desactivada';
    case 'recordatorio':
      return value === 'confirmado'
        ? 'Datos confirmados desde el recordatorio'
        : 'Recordatorio de datos enviado';
    case 'datosConfirmados':
      return value ? 'Datos confirmados' : null;
    case 'matriculaVerificada':
      return value ? 'Matrícula verificada' : null;
    case 'reporteCerrado':
      return `Cerró el reporte ${value}`;
    case 'reporteReabierto':
      return `Reabrió el reporte ${value}`;
    case 'reportes':
      return Array.isArray(value) ? count(value.length, 'reporte', 'reportes') : undefined;
    case 'recipientCount':
      return typeof value === 'number' ? count(value, 'destinatario', 'destinatarios') : undefined;
    case 'mails':
      return typeof value === 'number' ? count(value, 'correo en cola', 'correos en cola') : undefined;
    case 'parcial':
      return value ? 'Datos parciales (ingresó solo con su documento)' : 'Datos completos';
    case 'paso':
      return value === 'codigo' ? 'Paso: código de verificación' : 'Paso: contraseña';
    case 'restantes':
      return typeof value === 'number'
        ? `Le ${value === 1 ? 'queda' : 'quedan'} ${count(value, 'código de recuperación', 'códigos de recuperación')}`
        : undefined;
    case 'found':
      return value ? 'Afiliado encontrado' : 'Sin afiliado con ese documento';
    case 'accion':
      return `Acción: ${AUDIT_ACTION_LABELS[value as AuditAction] ?? plain(value)}`;
    case 'entidad':
      return `Sobre: ${AUDIT_ENTITY_LABELS[value as AuditEntity] ?? plain(value)}`;
    default:
      return undefined;
  }
}

/** Lines for fields as recorded; `antes` (what they were) makes each changed one "Campo: antes → ahora". */
function fieldLines(row: DescribedAuditRow, fields: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const { antes, ...now } = fields;
  if (antes !== undefined) {
    // A specialty renamed records its old name alone; an account's roles their old list.
    const before: Record<string, unknown> =
      typeof antes === 'string'
        ? { nombre: antes }
        : Array.isArray(antes)
          ? { roles: antes }
          : ((antes ?? {}) as Record<string, unknown>);
    for (const [key, was] of Object.entries(before)) {
      if (!(key in now)) continue;
      const is = now[key];
      delete now[key];
      if (same(was, is)) continue;
      const label = FIELD_LABELS[key] ?? key;
      if (Array.isArray(was) && Array.isArray(is)) {
        // A list changed says what it gained and lost, not both lists whole.
        const added = is.filter((v) => !was.some((w) => same(v, w)));
        const removed = was.filter((w) => !is.some((v) => same(v, w)));
        const parts = [added.length && `agregó ${plain(added)}`, removed.length && `quitó ${plain(removed)}`];
        lines.push(`${label}: ${parts.filter(Boolean).join('; ')}`);
      } else lines.push(`${label}: ${plain(was)} → ${plain(is)}`);
    }
  }
  for (const [key, value] of Object.entries(now)) {
    if (value === undefined) continue;
    const special = specialLine(row, key, value);
    if (special !== undefined) {
      if (special !== null) lines.push(special);
      continue;
    }
    if (SAID_ELSEWHERE.has(key)) continue;
    lines.push(`${FIELD_LABELS[key] ?? key}: ${plain(value)}`);
  }
  return lines;
}

/** A prior authorization's row: its state (from what to what), the reason and the auditor's note. */
function autorizacionLines(d: {
  antes?: string;
  estado?: string;
  motivo?: string | null;
  nota?: string | null;
}): string[] {
  const label = (e: string) => ESTADO_AUTORIZACION_LABELS[e as EstadoAutorizacion] ?? e;
  const lines: string[] = [];
  if (d.estado) lines.push(`Estado: ${d.antes ? `${label(d.antes)} → ` : ''}${label(d.estado)}`);
  else if (d.antes) lines.push(`Estaba: ${label(d.antes)}`);
  if (d.motivo) lines.push(`Motivo: ${MOTIVOS_AUDITORIA[d.motivo as MotivoAuditoria] ?? d.motivo}`);
  if (d.nota) lines.push(`Nota: ${d.nota}`);
  return lines;
}

/** An insurer an import's row names: as the row recorded it, else by its record now. */
function obraSocialOf(row: DescribedAuditRow, id: number | null, recorded: string | null): string {
  if (recorded !== null && recorded.trim() !== '') return recorded;
  return id === null ? 'sin obra social' : referencedName(row, 'obra_social', id);
}

/** An export's size, format and filters. */
function exportLines(row: DescribedAuditRow, d: z.infer<typeof auditExportDetails>): string[] {
  const lines = [`${count(d.filas, 'fila', 'filas')}${d.completa ? '' : ' (interrumpida)'}`];
  lines.push(d.formato === 'xlsx' ? 'Formato: Excel' : 'Formato: CSV');
  const said = Object.entries(d.filtros).map(
    ([key, value]) => specialLine(row, key, value) ?? `${FIELD_LABELS[key] ?? key}: ${plain(value)}`,
  );
  if (said.length) lines.push(`Filtros: ${said.join('; ')}`);
  return lines;
}

/** An import's counts: the rows it loaded, what the file did to people beyond its rows, what it refused. */
function importLines(
  d: Extract<AuditEntryRead, { action: 'import'; entity: 'afiliado' }>['details'],
): string[] {
  const parts = [
    count(d.created, 'nueva', 'nuevas'),
    count(d.updated, 'actualizada', 'actualizadas'),
    d.reactivated !== undefined && count(d.reactivated, 'reactivada', 'reactivadas'),
  ].filter(Boolean);
  const lines = [`${count(d.count, 'fila importada', 'filas importadas')}: ${parts.join(', ')}`];
  if (d.moved) lines.push(`Cambiaron de obra social: ${count(d.moved, 'afiliado', 'afiliados')}`);
  if (d.deactivated)
    lines.push(`Dados de baja (no estaban en el archivo): ${count(d.deactivated, 'afiliado', 'afiliados')}`);
  if (d.errorCount) lines.push(`Rechazadas: ${count(d.errorCount, 'línea', 'líneas')}`);
  return lines;
}

/**
 * The row's details as lines a person reads: a coverage check's outcome, a
 * search's text and how many it showed, an export's size, format and
 * filters, an import's counts and what it did to each affiliate, a change's
 * fields (with what they were, where the row recorded it). Empty when the
 * sentence says it all. A row older than its action's shape in the contract
 * shows its fields as recorded.
 */
export function auditDetails(row: DescribedAuditRow): string[] {
  const entry = readAuditEntry(row);
  if (!entry) return fieldLines(row, { ...(row.details ?? {}) });
  if (entry.entity === 'autorizacion') return autorizacionLines(entry.details);
  if (entry.entity === 'adjunto')
    return [`Tipo: ${ADJUNTO_LABELS[entry.details.tipo as Adjunto] ?? entry.details.tipo}`];
  switch (entry.action) {
    case 'search': {
      const { ids, estado } = entry.details;
      return [count(ids.length, 'afiliado mostrado', 'afiliados mostrados'), ...fieldLines(row, { estado })];
    }
    case 'export':
      return entry.entity === 'datos_personales'
        ? fieldLines(row, { ...entry.details })
        : exportLines(row, entry.details);
    case 'import':
      if (entry.entity === 'plan') {
        const d = entry.details;
        return [
          `${count(d.count, 'regla', 'reglas')}: ${count(d.created, 'nueva', 'nuevas')}, ${count(d.replaced, 'reemplazada', 'reemplazadas')}, ${count(d.unchanged, 'sin cambios', 'sin cambios')}`,
          ...(d.closed
            ? [
                `Cerró ${count(d.closed, 'versión anterior', 'versiones anteriores')} el día antes de la nueva`,
              ]
            : []),
        ];
      }
      if (entry.entity === 'convenio') {
        const d = entry.details;
        return [
          `${count(d.count, 'arancel', 'aranceles')}: ${count(d.created, 'nuevo', 'nuevos')}, ${count(d.replaced, 'reemplazado', 'reemplazados')}, ${count(d.unchanged, 'sin cambios', 'sin cambios')}`,
          ...(d.closed
            ? [`Cerró ${count(d.closed, 'arancel anterior', 'aranceles anteriores')} el día antes del nuevo`]
            : []),
        ];
      }
      if (entry.entity === 'nomenclador') {
        const d = entry.details;
        return [
          `${count(d.count, 'código', 'códigos')}: ${count(d.created, 'nuevo', 'nuevos')}, ${count(d.updated, 'modificado', 'modificados')}, ${count(d.unchanged, 'sin cambios', 'sin cambios')}`,
        ];
      }
      if (entry.entity === 'lote') {
        const d = entry.details;
        return [
          `${count(d.count, 'débito', 'débitos')}: ${count(d.trasladados, 'trasladado al prestador', 'trasladados al prestador')}, ${count(d.absorbidos, 'absorbido por la red', 'absorbidos por la red')}, ${count(d.sinDecidir, 'sin decidir', 'sin decidir')}`,
        ];
      }
      return importLines(entry.details);
    case 'deactivate': {
      const d = entry.details;
      return 'archivo' in d
        ? [
            `Al importar ${d.archivo}: no figuraba en el archivo de ${obraSocialOf(row, d.obraSocialId, d.obraSocial)}`,
          ]
        : fieldLines(row, d);
    }
    case 'reactivate':
      // An import's reactivations are counted in the sentence; one by hand is named there.
      return 'archivo' in entry.details ? [] : fieldLines(row, entry.details);
    case 'update': {
      if (entry.entity === 'afiliado' && 'archivo' in entry.details) {
        const d = entry.details;
        const to = obraSocialOf(row, d.obraSocialId, d.obraSocial);
        return [
          d.obraSocialAnteriorId === null
            ? `Al importar ${d.archivo}: sin obra social asignada, pasó a ${to}`
            : `Al importar ${d.archivo}: pasó de ${obraSocialOf(row, d.obraSocialAnteriorId, d.obraSocialAnterior)} a ${to}`,
        ];
      }
      // A review of an affiliate's answer: the sentence names it; what staff found is its line.
      if (entry.entity === 'confirmacion') return entry.details.nota ? [`Nota: ${entry.details.nota}`] : [];
      return fieldLines(row, { ...entry.details });
    }
    default:
      return fieldLines(row, { ...(entry.details ?? {}) });
  }
}
