import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEntity,
  type AuditNombre,
  SIGN_IN_ACTIONS,
} from './auditoria.ts';
import { ESTADO_LINEA_LABELS, type EstadoLinea } from './prestaciones.ts';

// ---------------------------------------------------------------------------
// What an audit row says, for the screen and the CSV alike: a sentence naming
// who or what it touched ("Modificó el afiliado Lucía Acuña (DNI 30.555.111)")
// and its details as readable lines ("Nombre: Centro → Centro Norte").
// ---------------------------------------------------------------------------

/** What `describeAudit` and `auditDetails` read of a row. */
export interface DescribedAuditRow {
  action: string;
  entity: string;
  entityId: string | null;
  documento?: string | null;
  details?: Record<string, unknown> | null;
  /** The records the row names, as they are now (`auditReferences`); missing ones no longer exist. */
  nombres?: Readonly<Record<string, AuditNombre>>;
}

/** How each entity is named in a sentence, and whether the noun is feminine ('(eliminada)'). */
const NOUNS: Record<AuditEntity, { the: string; a: string; feminine: boolean }> = {
  afiliado: { the: 'el afiliado', a: 'un afiliado', feminine: false },
  obra_social: { the: 'la obra social', a: 'una obra social', feminine: true },
  profesional: { the: 'el profesional', a: 'un profesional', feminine: false },
  notificacion: { the: 'la notificación', a: 'una notificación', feminine: true },
  user: { the: 'el usuario', a: 'un usuario', feminine: false },
  rol: { the: 'el rol', a: 'un rol', feminine: false },
  especialidad: { the: 'la especialidad', a: 'una especialidad', feminine: true },
  zona: { the: 'la zona', a: 'una zona', feminine: true },
  auditoria: { the: 'el registro de auditoría', a: 'el registro de auditoría', feminine: false },
  datos_personales: { the: 'sus datos personales', a: 'sus datos personales', feminine: false },
  codigo_prestacion: { the: 'el código', a: 'un código', feminine: false },
  grupo_codigos: { the: 'el grupo de códigos', a: 'un grupo de códigos', feminine: false },
  nomenclador: { the: 'el nomenclador', a: 'el nomenclador', feminine: false },
  convenio: { the: 'el convenio', a: 'un convenio', feminine: false },
  plan: { the: 'el plan', a: 'un plan', feminine: false },
  regla: { the: 'la regla de plan', a: 'una regla de plan', feminine: true },
  historia: { the: 'la historia odontológica', a: 'una historia odontológica', feminine: true },
  atencion: { the: 'la atención', a: 'una atención', feminine: true },
  linea: { the: 'la prestación', a: 'una prestación', feminine: true },
  prestacion: { the: 'las prestaciones', a: 'prestaciones', feminine: true },
  token: { the: 'el token', a: 'un token', feminine: false },
  codigo_token: { the: 'el código de activación', a: 'un código de activación', feminine: false },
  confirmacion: { the: 'la respuesta del afiliado', a: 'una respuesta del afiliado', feminine: true },
  autorizacion: { the: 'la autorización previa', a: 'una autorización previa', feminine: true },
  adjunto: { the: 'el archivo', a: 'un archivo', feminine: false },
  periodo: { the: 'el período', a: 'un período', feminine: false },
  lote: { the: 'el lote', a: 'un lote', feminine: false },
  liquidacion: { the: 'la liquidación', a: 'una liquidación', feminine: true },
};

/** The entities whose records have names to look up (the others are the log itself or one's own data). */
export const NAMED_ENTITIES = [
  'afiliado',
  'obra_social',
  'profesional',
  'notificacion',
  'user',
  'rol',
  'especialidad',
  'zona',
] as const satisfies readonly AuditEntity[];
export type NamedEntity = (typeof NAMED_ENTITIES)[number];

const isNamed = (entity: string): entity is NamedEntity =>
  (NAMED_ENTITIES as readonly string[]).includes(entity);

/** The lists staff export, as an export row names them. */
const EXPORTED_LISTS: Partial<Record<AuditEntity, string>> = {
  afiliado: 'la lista de afiliados',
  profesional: 'la lista de profesionales',
  obra_social: 'la lista de obras sociales',
  prestacion: 'sus prestaciones',
  lote: 'el detalle de un lote de facturación',
};

/** A record id as the database holds it: a positive integer that fits its column. */
function idOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(idOf).filter((id): id is number => id !== undefined) : [];

export const auditReference = (entity: NamedEntity, id: number) => `${entity}:${id}`;

/**
 * The records a row names, as references ('afiliado:52'): its subject, and
 * the insurer, professional, zone or specialties its details point to. The
 * API looks them all up for a page (or an export's batch) at once.
 */
export function auditReferences(row: DescribedAuditRow): { entity: NamedEntity; id: number }[] {
  if (SIGN_IN_ACTIONS.has(row.action)) return [];
  const d = row.details ?? {};
  const refs: { entity: NamedEntity; id: number }[] = [];
  const add = (entity: NamedEntity, id: number | undefined) => {
    if (id !== undefined) refs.push({ entity, id });
  };
  if (isNamed(row.entity)) add(row.entity, idOf(row.entityId));
  add('obra_social', idOf(d.obraSocialId));
  add('profesional', idOf(d.profesionalId));
  add('afiliado', idOf(d.afiliadoId));
  add('zona', idOf(d.zonaId));
  for (const id of idsOf(d.obrasSociales)) add('obra_social', id);
  for (const id of idsOf(d.especialidades)) add('especialidad', id);
  const filtros = d.filtros as Record<string, unknown> | undefined;
  if (filtros && typeof filtros === 'object') add('obra_social', idOf(filtros.obraSocialId));
  return refs;
}

/** '30555111' → '30.555.111': a numeric document read as people write it; any other as stored. */
export function writtenDocumento(documento: string): string {
  return /^\d{6,9}$/.test(documento) ? documento.replace(/\B(?=(\d{3})+$)/g, '.') : documento;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** "Lucía Acuña (DNI 30.555.111)", "Ana López (ana@red.example)": a name and what tells it apart. */
function named(nombre: string | undefined, aside: string | undefined): string | undefined {
  if (!nombre) return aside;
  return aside && aside !== nombre ? `${nombre} (${aside})` : nombre;
}

function documentoAside(tipo: string | undefined, documento: string | undefined): string | undefined {
  if (!documento) return undefined;
  return `${tipo ?? 'documento'} ${writtenDocumento(documento)}`;
}

/** The name a row recorded of its subject at the time, for one since gone. */
function recordedName(row: DescribedAuditRow): string | undefined {
  const d = row.details ?? {};
  if (row.entity === 'afiliado') {
    const nombre = text(d.nombre);
    return nombre && named(nombre, documentoAside(undefined, text(row.documento) ?? text(d.documento)));
  }
  if (row.entity === 'user') return named(text(d.nombre), text(d.email));
  if (row.entity === 'codigo_prestacion')
    return [text(d.codigo), text(d.nombre)].filter(Boolean).join(' ') || undefined;
  return text(d.nombre) ?? text(d.name) ?? text(d.title) ?? text(d.email);
}

/** A record's name as it is now ('afiliado:52' looked up), or undefined when it no longer exists. */
function currentName(
  row: DescribedAuditRow,
  entity: NamedEntity,
  id: number | undefined,
): string | undefined {
  const found = id === undefined ? undefined : row.nombres?.[auditReference(entity, id)];
  if (!found) return undefined;
  if (entity === 'afiliado') return named(found.nombre, documentoAside(found.tipoDocumento, found.documento));
  if (entity === 'user') return named(found.nombre, found.email);
  return found.nombre;
}

const gone = (entity: NamedEntity) => (NOUNS[entity].feminine ? '(eliminada)' : '(eliminado)');

/** "Ana Gómez (ana@…)" → "Ana Gómez (ana@…, eliminado)"; "el rol" → "el rol (eliminado)". */
function markedGone(phrase: string, entity: NamedEntity): string {
  const word = gone(entity).slice(1, -1);
  return phrase.endsWith(')') ? `${phrase.slice(0, -1)}, ${word})` : `${phrase} (${word})`;
}

/** Actions that remove their subject: it is gone by definition, and not marked so. */
const REMOVING = new Set(['delete', 'reject']);

/**
 * The row's subject in a sentence: `the` with its noun ("el afiliado Lucía
 * Acuña (DNI 30.555.111)"), `bare` without it ("Lucía Acuña (DNI …)"). A
 * subject since deleted is named as the row recorded it and marked
 * '(eliminado)'; one whose row recorded no name is said by its noun (and an
 * affiliate by the document the row kept).
 */
function subjectOf(row: DescribedAuditRow): { the: string; bare: string } {
  const entity = row.entity as AuditEntity;
  const noun = NOUNS[entity] ?? { the: row.entity, a: row.entity, feminine: false };
  if (!isNamed(entity)) {
    // Records whose rows name them as they were (a code, a group): said by that name.
    const then = recordedName(row);
    return then ? { the: `${noun.the} ${then}`, bare: then } : { the: noun.the, bare: noun.the };
  }
  const now = currentName(row, entity, idOf(row.entityId));
  if (now) return { the: `${noun.the} ${now}`, bare: now };
  const then = recordedName(row);
  // Not marked: a removal's subject (gone by definition), or a row that named no record to look up.
  const removing = REMOVING.has(row.action) || idOf(row.entityId) === undefined;
  if (then) {
    const name = removing ? then : markedGone(then, entity);
    return { the: `${noun.the} ${name}`, bare: name };
  }
  const documento = entity === 'afiliado' ? (text(row.documento) ?? text(row.details?.documento)) : undefined;
  const phrase = documento
    ? `${noun.the} con documento ${writtenDocumento(documento)}`
    : removing
      ? noun.a
      : noun.the;
  const said = removing ? phrase : markedGone(phrase, entity);
  return { the: said, bare: said };
}

/** The name of a record a row's details point to ("OSDE", "OSDE (eliminada)"), for its detail lines. */
export function referencedName(row: DescribedAuditRow, entity: NamedEntity, id: unknown): string {
  return currentName(row, entity, idOf(id)) ?? (NOUNS[entity].feminine ? 'eliminada' : 'eliminado');
}

/** A record a row's details point to (the insurer of an import), by its name now or as recorded. */
function referenced(row: DescribedAuditRow, entity: NamedEntity, id: unknown, recorded?: unknown): string {
  const now = currentName(row, entity, idOf(id));
  if (now) return `${NOUNS[entity].the} ${now}`;
  const then = text(recorded);
  return then ? `${NOUNS[entity].the} ${then} ${gone(entity)}` : `${NOUNS[entity].the} ${gone(entity)}`;
}

type Sentence = (row: DescribedAuditRow, subject: () => { the: string; bare: string }) => string;

/** The patient a row about the chair names: as they are now, or by the document it kept. */
function patient(row: DescribedAuditRow): string {
  const d = row.details ?? {};
  const now = currentName(row, 'afiliado', idOf(d.afiliadoId));
  if (now) return now;
  const documento = text(row.documento) ?? text(d.documento);
  return documento ? `el afiliado con documento ${writtenDocumento(documento)}` : 'un afiliado';
}

/** The affiliates a row about many touched: how many, and the file when an import did it. */
function manyAfiliados(row: DescribedAuditRow, verb: string): string {
  const d = row.details ?? {};
  const count = typeof d.count === 'number' ? d.count : undefined;
  const who = count === undefined ? 'afiliados' : count === 1 ? '1 afiliado' : `${count} afiliados`;
  const file = text(d.archivo);
  return `${verb} ${who}${file ? ` al importar ${file}` : ''}`;
}

/**
 * One sentence per action of the catalogue (a Record: an action added
 * without its sentence does not compile). Sign-in actions say what happened
 * and nothing more: the row's actor is the account tried.
 */
const SENTENCES: Record<AuditAction, Sentence> = {
  create: (row, s) => {
    const d = row.details ?? {};
    if (row.entity === 'token') return `Activó su token en ${text(d.dispositivo) ?? 'un teléfono'}`;
    if (row.entity === 'codigo_token') return `Generó un código de activación del token de ${patient(row)}`;
    if (row.entity === 'adjunto')
      return `Agregó ${text(d.nombre) ?? 'un archivo'} a la autorización ${text(d.numero) ?? ''} de ${patient(row)}`;
    if (row.entity === 'linea')
      return `Refacturó la prestación ${text(d.codigo) ?? ''} de la atención ${text(d.codigoValidacion) ?? ''} de ${patient(row)}`;
    if (row.entity === 'autorizacion')
      return `Pidió la autorización ${text(d.numero) ?? ''} para ${patient(row)}${Array.isArray(d.items) ? `: ${d.items.join(', ')}` : ''}`;
    return `Creó ${s().the}`;
  },
  update: (row, s) =>
    row.entity === 'lote'
      ? text(row.details?.pagadoEl)
        ? `Registró el cobro del lote ${text(row.details?.numeroFactura) ?? ''} (${text(row.details?.pagadoEl)})`
        : `Decidió el débito de la obra social en la atención ${text(row.details?.codigoValidacion) ?? ''} del lote ${text(row.details?.numeroFactura) ?? ''}: ${row.details?.decision === 'absorbido' ? 'lo absorbe la red' : 'se traslada al prestador'}`
      : row.entity === 'liquidacion'
        ? `Registró el pago de la liquidación de ${text(row.details?.periodo) ?? ''}, ${referenced(row, 'profesional', row.details?.profesionalId)}, pagada el ${text(row.details?.pagadaEl) ?? ''}`
        : row.entity === 'linea'
          ? `Decidió la prestación ${text(row.details?.codigo) ?? ''} de la atención ${text(row.details?.codigoValidacion) ?? ''} de ${patient(row)}: ${(ESTADO_LINEA_LABELS[row.details?.estado as EstadoLinea] ?? text(row.details?.estado) ?? '').toLowerCase()}`
          : row.entity === 'autorizacion'
            ? `Observó la autorización ${text(row.details?.numero) ?? ''} de ${patient(row)}`
            : row.entity === 'confirmacion'
              ? `${row.details?.revisada === false ? 'Volvió a pendiente' : 'Marcó revisada'} la respuesta de ${patient(row)} sobre la atención ${text(row.details?.codigoValidacion) ?? ''}`.trimEnd()
              : `Modificó ${s().the}`,
  delete: (row, s) =>
    row.entity === 'token'
      ? `Desactivó el token de ${patient(row)} en ${text(row.details?.dispositivo) ?? 'su teléfono'}`
      : `Eliminó ${s().the}`,
  approve: (row, s) =>
    row.entity === 'autorizacion'
      ? `${row.details?.estado === 'aprobada_parcial' ? 'Aprobó en parte' : 'Aprobó'} la autorización ${text(row.details?.numero) ?? ''} de ${patient(row)}`
      : `Aprobó la solicitud de alta de ${s().bare}`,
  reject: (row, s) =>
    row.entity === 'autorizacion'
      ? `Rechazó la autorización ${text(row.details?.numero) ?? ''} de ${patient(row)}`
      : row.entity === 'token'
        ? row.details?.motivo === 'lectura'
          ? `Pidió las prestaciones de ${patient(row)} con un código de teléfono incorrecto`
          : `Escribió un token ${row.details?.motivo === 'usado' ? 'ya usado' : 'incorrecto'} de ${patient(row)}`
        : `Rechazó la solicitud de alta de ${s().bare}`,
  import: (row, subject) => {
    const d = row.details ?? {};
    if (row.entity === 'convenio')
      return `Importó aranceles a ${subject().the}${text(d.archivo) ? ` desde ${text(d.archivo)}` : ''}`;
    if (row.entity === 'plan')
      return `Importó reglas a ${subject().the}${text(d.archivo) ? ` desde ${text(d.archivo)}` : ''}`;
    if (row.entity === 'lote')
      return `Importó los débitos de la obra social al lote ${text(d.numeroFactura) ?? ''}${text(d.archivo) ? ` desde ${text(d.archivo)}` : ''}`;
    if (row.entity === 'nomenclador')
      return `Importó códigos al nomenclador${text(d.archivo) ? ` desde ${text(d.archivo)}` : ''}`;
    const file = text(d.archivo);
    return `Importó afiliados a ${referenced(row, 'obra_social', d.obraSocialId, d.obraSocial)}${file ? ` desde ${file}` : ''}`;
  },
  consult: (row, s) => {
    if (row.entity === 'historia') {
      const numero = text(row.details?.numero);
      return `Consultó la historia odontológica de ${patient(row)}${numero ? ` para auditar la autorización ${numero}` : ''}`;
    }
    if (idOf(row.entityId) !== undefined) return `Consultó la cobertura de ${s().bare}`;
    const documento = text(row.documento) ?? text(row.details?.documento);
    return documento
      ? `Consultó la cobertura del documento ${writtenDocumento(documento)}`
      : 'Consultó la cobertura de un documento';
  },
  search: (row) => {
    const d = row.details ?? {};
    const search = text(d.search);
    const list = search ? `Buscó "${search}" entre los afiliados` : 'Recorrió la lista de afiliados';
    return d.obraSocialId == null ? list : `${list} de ${referenced(row, 'obra_social', d.obraSocialId)}`;
  },
  read: (row, s) => {
    if (row.entity === 'adjunto')
      return `Abrió ${text(row.details?.nombre) ?? 'un archivo'} de la autorización ${text(row.details?.numero) ?? ''} de ${patient(row)}`;
    if (idOf(row.entityId) !== undefined) return `Abrió la ficha de ${s().bare}`;
    const d = row.details ?? {};
    if (Array.isArray(d.reportes))
      return d.profesionalId == null
        ? 'Vio los afiliados de los reportes de la cartilla'
        : `Vio los afiliados de los reportes sobre ${referenced(row, 'profesional', d.profesionalId)}`;
    return `Vio datos de ${row.entity === 'afiliado' ? 'afiliados' : s().the}`;
  },
  export: (row, s) => {
    if (row.entity === 'notificacion' && row.entityId) return `Exportó los destinatarios de ${s().the}`;
    const list = EXPORTED_LISTS[row.entity as AuditEntity];
    if (list && !row.entityId) return `Exportó ${list}`;
    return `Exportó ${s().the}`;
  },
  deactivate: (row, s) =>
    idOf(row.entityId) !== undefined || row.entity !== 'afiliado'
      ? `Dio de baja a ${s().bare}`
      : manyAfiliados(row, 'Dio de baja a'),
  reactivate: (row, s) =>
    idOf(row.entityId) !== undefined || row.entity !== 'afiliado'
      ? `Reactivó a ${s().bare}`
      : manyAfiliados(row, 'Reactivó a'),
  validate: (row) => {
    const d = row.details ?? {};
    const lineas = Array.isArray(d.lineas) ? `: ${d.lineas.join(', ')}` : '';
    return `Validó la atención ${text(d.codigoValidacion) ?? ''} de ${patient(row)}${lineas}`.replace(
      '  ',
      ' ',
    );
  },
  void: (row) => {
    const d = row.details ?? {};
    if (row.entity === 'autorizacion')
      return `Anuló la autorización ${text(d.numero) ?? ''} de ${patient(row)}`;
    return `Anuló la prestación ${text(d.codigo) ?? ''} de la atención ${text(d.codigoValidacion) ?? ''} de ${patient(row)}`;
  },
  close: (row) => {
    const d = row.details ?? {};
    const lineas = typeof d.lineas === 'number' ? d.lineas : undefined;
    return `Cerró el período ${text(d.periodo) ?? ''}${lineas === undefined ? '' : `: ${lineas === 1 ? '1 prestación presentada' : `${lineas} prestaciones presentadas`}`}`;
  },
  login: () => AUDIT_ACTION_LABELS.login,
  login_failed: () => AUDIT_ACTION_LABELS.login_failed,
  second_factor_failed: () => AUDIT_ACTION_LABELS.second_factor_failed,
  recovery_code: () => AUDIT_ACTION_LABELS.recovery_code,
  login_blocked: () => AUDIT_ACTION_LABELS.login_blocked,
};

/**
 * "Modificó el afiliado Lucía Acuña (DNI 30.555.111)", "Exportó el registro
 * de auditoría", "Inicio de sesión fallido": what a row says, for the screen
 * and the CSV alike. An action outside the catalogue (a row older than the
 * code) reads as recorded.
 */
export function describeAudit(row: DescribedAuditRow): string {
  const sentence = SENTENCES[row.action as AuditAction];
  if (!sentence) return `${row.action} ${row.entity}`;
  let subject: { the: string; bare: string } | undefined;
  const said = sentence(row, () => {
    subject ??= subjectOf(row);
    return subject;
  });
  // "de el afiliado…" and "a el usuario…" contract, as Spanish writes them.
  return said.replace(/\b(de|a) el /g, (_, word: string) => (word === 'de' ? 'del ' : 'al '));
}
