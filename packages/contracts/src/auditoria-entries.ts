import { z } from 'zod';
import { EXPORT_FORMATOS } from './exports.ts';
import { TOKEN_FINES } from './plain.ts';

// ---------------------------------------------------------------------------
// What each row of the audit log records in its details, by action and then
// by what it acted on. The API checks every entry against this before it is
// written, and the log's readers parse rows with it, so a field written is a
// field read under the same name and type.
// ---------------------------------------------------------------------------

const id = z.number().int();
const ids = z.array(id);
const text = z.string();
const optionalText = text.nullable().optional();

/** An entry whose details are `details`, or which records none. */
const entry = <A extends string, E extends string, D extends z.ZodType>(action: A, entity: E, details: D) =>
  z.object({ action: z.literal(action), entity: z.literal(entity), details });
const bare = <A extends string, E extends string>(action: A, entity: E) =>
  z.object({ action: z.literal(action), entity: z.literal(entity), details: z.null().optional() });

// --- Fields several entries share ------------------------------------------

/** An insurer's fields as created or saved. */
const obraSocialFields = z.strictObject({ nombre: text, mails: z.array(text), telefonos: z.array(text) });

/** A zone's, a role's fields; `antes` on a change, what they were. */
const zonaFields = { nombre: text, numero: id };
const rolFields = { name: text, permissions: z.array(text) };

/**
 * What an import wrote on each affiliate it gave de baja or moved: the file
 * and the insurer it was for (its name as it was), with the affiliate's
 * document and name, and on a move the insurer they had.
 */
export const auditImportedBase = z.strictObject({
  archivo: text,
  obraSocialId: id,
  obraSocial: text,
});
export type AuditImportedBase = z.infer<typeof auditImportedBase>;
const importedAfiliado = auditImportedBase.extend({ documento: text, nombre: text });
const importedMove = importedAfiliado.extend({
  obraSocialAnteriorId: id.nullable(),
  obraSocialAnterior: text.nullable(),
});

/** A list taken out: its filters as asked, the format, how many rows went and whether it ended. */
export const auditExportDetails = z.strictObject({
  filtros: z.record(text, z.unknown()),
  formato: z.enum([...EXPORT_FORMATOS, 'fhir']),
  filas: z.number().int().nonnegative(),
  completa: z.boolean(),
});

/** The lists an export row can be about. */
export const EXPORTED_ENTITIES = [
  'afiliado',
  'profesional',
  'obra_social',
  'notificacion',
  'auditoria',
  'prestacion',
  'lote',
] as const;
export type ExportedEntity = (typeof EXPORTED_ENTITIES)[number];

/** A code's fields as staff may change them; its units as written ('2,5'), so a change reads in words. */
const codigoFields = {
  nombre: text,
  norma: text.nullable(),
  area: text,
  carasMin: z.number().int(),
  carasMax: z.number().int(),
  denticion: text,
  unidades: text.nullable(),
};
const grupoFields = { nombre: text, codigos: z.array(text) };
/** A contract's fields as saved; its unit value in centavos. */
const convenioFields = {
  obraSocialId: id,
  nombre: text,
  vigenteDesde: text,
  vigenteHasta: text.nullable(),
  diaCierre: z.number().int(),
  plazoPresentacionDias: z.number().int(),
  plazoRefacturacionDias: z.number().int(),
  /** Absent from rows written before contracts had it. */
  plazoUrgenciaDias: z.number().int().optional(),
  /** Absent from rows written before contracts had them. */
  plazoAutorizacionHoras: z.number().int().optional(),
  vigenciaAutorizacionDias: z.number().int().optional(),
  plazoRespuestaDias: z.number().int().optional(),
  requiereToken: z.boolean(),
  /** Absent from rows written before contracts had it. */
  tokenBloquea: z.boolean().optional(),
  extrapolaMuestra: z.boolean().optional(),
  valorUnidad: z.number().int().nullable(),
};
/** A plan as saved. */
const planFields = { obraSocialId: id, codigo: text, nombre: text };
/** A rule: its target, its days and all it says in words (describeRegla). */
const reglaFields = {
  planId: id,
  /** The plan as it was named then: 'Plan 210 (OSDE)'. */
  plan: text,
  objetivo: text,
  texto: text,
  vigenteDesde: text,
  vigenteHasta: text.nullable(),
};
/** What an import of dated versions did: a contract's fees, a plan's rules. */
const versionsImported = z.strictObject({
  archivo: text,
  count: z.number().int(),
  created: z.number().int(),
  closed: z.number().int(),
  replaced: z.number().int(),
  unchanged: z.number().int(),
});

// --- Each action and what it records ----------------------------------------

/** A file of a prior authorization: which request, and which file. */
const adjuntoAutorizacion = z.strictObject({
  afiliadoId: id,
  documento: text,
  numero: text,
  tipo: text,
  nombre: text,
});

const created = z.discriminatedUnion('entity', [
  entry(
    'create',
    'afiliado',
    z.strictObject({
      documento: text,
      obraSocialId: id.nullable(),
      /** Given only when the affiliate came with them; the plan as 'Plan 210 (210)'. */
      plan: optionalText,
      numeroAfiliado: optionalText,
      fechaAlta: optionalText,
    }),
  ),
  entry('create', 'obra_social', obraSocialFields),
  entry(
    'create',
    'user',
    z.union([
      z.strictObject({ email: text, roles: z.array(z.union([id, text])) }),
      z.strictObject({ invitacion: z.literal(true), email: text, nombre: text, roles: z.array(text) }),
    ]),
  ),
  entry(
    'create',
    'notificacion',
    z.strictObject({
      title: text,
      category: text,
      destinatario: text,
      recipientCount: z.number().int(),
      mails: z.number().int(),
    }),
  ),
  entry('create', 'rol', z.strictObject(rolFields)),
  entry('create', 'especialidad', z.strictObject({ nombre: text })),
  entry('create', 'zona', z.strictObject(zonaFields)),
  entry('create', 'grupo_codigos', z.strictObject(grupoFields)),
  entry('create', 'convenio', z.strictObject(convenioFields)),
  entry('create', 'plan', z.strictObject(planFields)),
  entry('create', 'regla', z.strictObject(reglaFields)),
  /** The affiliate enrolled a phone for their token (the row's actor), by a mailed link or a printed code. */
  entry('create', 'token', z.strictObject({ afiliadoId: id, via: text, dispositivo: text })),
  /** Staff printed an activation code for the affiliate: until when it is good. */
  entry('create', 'codigo_token', z.strictObject({ afiliadoId: id, documento: text, vence: text })),
  /** Staff billed again a line the insurer debited: the new line, of the same visit and code. */
  entry(
    'create',
    'linea',
    z.strictObject({
      afiliadoId: id,
      documento: text,
      codigoValidacion: text,
      codigo: text,
      refacturaDe: id,
    }),
  ),
  /** The dentist added a file to her prior authorization. */
  entry('create', 'adjunto', adjuntoAutorizacion),
  /** A dentist asked for a prior authorization: its number, the state it started in, its items. */
  entry(
    'create',
    'autorizacion',
    z.strictObject({ afiliadoId: id, documento: text, numero: text, estado: text, items: z.array(text) }),
  ),
]);

/** An auditor's decision on a prior authorization: the state before and after, the reason and note. */
const decisionAutorizacion = z.strictObject({
  afiliadoId: id,
  documento: text,
  numero: text,
  antes: text,
  estado: text,
  motivo: text.nullable(),
  nota: text.nullable(),
});

const updated = z.discriminatedUnion('entity', [
  /** An auditor observed a prior authorization: what the dentist must send or answer. */
  entry('update', 'autorizacion', decisionAutorizacion),
  /** Staff recorded a lot's payment by its insurer, or decided by hand who bears a débito on it. */
  entry(
    'update',
    'lote',
    z.union([
      z.strictObject({ numeroFactura: text, pagadoEl: text }),
      z.strictObject({ numeroFactura: text, codigoValidacion: text, codigo: text, decision: text }),
    ]),
  ),
  /** Staff recorded the day a dentist's settlement was paid. */
  entry('update', 'liquidacion', z.strictObject({ periodo: text, profesionalId: id, pagadaEl: text })),
  /** An auditor decided a presented line: the state before and after, and the débito's code. */
  entry(
    'update',
    'linea',
    z.strictObject({
      afiliadoId: id,
      documento: text,
      codigoValidacion: text,
      codigo: text,
      antes: text,
      estado: text,
      motivo: text.nullable(),
    }),
  ),
  /** Staff looked into an affiliate's answer that said otherwise about a visit, or put it back in the queue. */
  entry(
    'update',
    'confirmacion',
    z.strictObject({
      afiliadoId: id,
      documento: text,
      codigoValidacion: text,
      revisada: z.boolean(),
      nota: text.nullable(),
    }),
  ),
  entry(
    'update',
    'afiliado',
    z.union([
      z.strictObject({
        documento: text,
        obraSocialId: id.nullable(),
        /** The plan ('Plan 210 (210)', or 'Sin plan asignado'), the card's number and fecha de alta, when they changed. */
        plan: optionalText,
        numeroAfiliado: text.nullable().optional(),
        fechaAlta: text.nullable().optional(),
        /** What became of the e-mail: a new one waiting for its owner, removed, or a pending one dropped. */
        email: z.enum(['pendiente', 'quitado', 'pendiente anulado']).optional(),
        emailPendiente: optionalText,
        telefono: z.literal('cambiado').optional(),
      }),
      importedMove,
    ]),
  ),
  entry('update', 'obra_social', obraSocialFields),
  entry(
    'update',
    'user',
    z.union([
      z.strictObject({
        email: text.optional(),
        passwordChanged: z.boolean(),
        roles: z.array(z.union([id, text])).optional(),
      }),
      z.strictObject({ invitacion: z.enum(['reenviada', 'aceptada']) }),
      z.strictObject({ antes: z.array(text), roles: z.array(text) }),
      z.strictObject({ estado: z.enum(['active', 'inactive']) }),
      z.strictObject({ recuperacion: z.literal('enviada') }),
      z.strictObject({ segundoFactor: z.enum(['activado', 'desactivado']) }),
      z.strictObject({ nombre: text, nombreAnterior: optionalText }),
    ]),
  ),
  entry(
    'update',
    'profesional',
    z.union([
      z.strictObject({ reporteCerrado: id, nota: optionalText }),
      z.strictObject({ reporteReabierto: id }),
      z.strictObject({ recordatorio: z.enum(['enviado', 'confirmado']) }),
      z.strictObject({ nombre: text, especialidades: ids, obrasSociales: ids.optional() }),
      z.strictObject({ datosConfirmados: z.literal(true) }),
      z.strictObject({ zonaId: id.nullable() }),
      z.strictObject({ matriculaVerificada: z.literal(true) }),
    ]),
  ),
  entry('update', 'rol', z.strictObject({ antes: z.strictObject(rolFields), ...rolFields })),
  entry('update', 'especialidad', z.strictObject({ antes: text, nombre: text })),
  entry('update', 'zona', z.strictObject({ antes: z.strictObject(zonaFields), ...zonaFields })),
  entry(
    'update',
    'codigo_prestacion',
    z.strictObject({ codigo: text, antes: z.strictObject(codigoFields), ...codigoFields }),
  ),
  entry('update', 'grupo_codigos', z.strictObject({ antes: z.strictObject(grupoFields), ...grupoFields })),
  entry('update', 'convenio', z.strictObject({ antes: z.strictObject(convenioFields), ...convenioFields })),
  entry(
    'update',
    'plan',
    z.strictObject({ antes: z.strictObject({ codigo: text, nombre: text }), ...planFields }),
  ),
  entry('update', 'regla', z.strictObject({ antes: z.strictObject(reglaFields), ...reglaFields })),
]);

const deleted = z.discriminatedUnion('entity', [
  bare('delete', 'notificacion'),
  entry('delete', 'obra_social', z.strictObject({ nombre: text })),
  entry('delete', 'especialidad', z.strictObject({ nombre: text })),
  entry('delete', 'profesional', z.strictObject({ nombre: text, email: text })),
  entry('delete', 'grupo_codigos', z.strictObject({ nombre: text })),
  entry('delete', 'plan', z.strictObject({ codigo: text, nombre: text, reglas: z.number().int() })),
  entry('delete', 'regla', z.strictObject(reglaFields)),
  /** The affiliate's token ended on a phone: staff ended it, the affiliate signed out, or another person signed in there. */
  entry(
    'delete',
    'token',
    z.strictObject({
      afiliadoId: id,
      documento: text,
      dispositivo: text,
      fin: z.enum(TOKEN_FINES).optional(),
    }),
  ),
]);

/** An affiliate given de baja or back by hand names them; an import names its file. */
const byHand = z.strictObject({ documento: text, nombre: text });

export const auditEntrySchema = z.discriminatedUnion('action', [
  created,
  updated,
  deleted,
  z.discriminatedUnion('entity', [
    entry('approve', 'user', z.strictObject({ email: text })),
    entry('approve', 'autorizacion', decisionAutorizacion),
  ]),
  z.discriminatedUnion('entity', [
    entry('reject', 'user', z.strictObject({ email: text, nombre: optionalText, motivo: optionalText })),
    entry('reject', 'autorizacion', decisionAutorizacion),
    /** A dentist typed a wrong or spent token at the chair, or a device not the phone read the affiliate's lines with a wrong code. */
    entry(
      'reject',
      'token',
      z.strictObject({ afiliadoId: id, documento: text, motivo: z.enum(['incorrecto', 'usado', 'lectura']) }),
    ),
  ]),
  z.discriminatedUnion('entity', [
    entry(
      'import',
      'afiliado',
      // Rows of imports before the counts of moves, bajas and refused lines (and the insurer's name) lack them.
      auditImportedBase.extend({
        obraSocial: text.optional(),
        count: z.number().int(),
        created: z.number().int(),
        updated: z.number().int(),
        reactivated: z.number().int().optional(),
        deactivated: z.number().int().optional(),
        moved: z.number().int().optional(),
        errorCount: z.number().int().optional(),
      }),
    ),
    entry('import', 'convenio', versionsImported),
    entry('import', 'plan', versionsImported),
    /** Staff loaded an insurer's débitos on a lot: how many, how much, and who bears them by rule. */
    entry(
      'import',
      'lote',
      z.strictObject({
        archivo: text,
        numeroFactura: text,
        count: z.number().int(),
        importe: z.number().int(),
        trasladados: z.number().int(),
        absorbidos: z.number().int(),
        sinDecidir: z.number().int(),
      }),
    ),
    entry(
      'import',
      'nomenclador',
      z.strictObject({
        archivo: text,
        count: z.number().int(),
        created: z.number().int(),
        updated: z.number().int(),
        unchanged: z.number().int(),
      }),
    ),
  ]),
  z.discriminatedUnion('entity', [
    entry('consult', 'afiliado', z.strictObject({ documento: text, found: z.boolean() })),
    /**
     * A dentist read an affiliate's history at the chair, or an auditor beside a request (its
     * number): how many lines it showed.
     */
    entry(
      'consult',
      'historia',
      z.strictObject({ afiliadoId: id, documento: text, lineas: z.number().int(), numero: text.optional() }),
    ),
  ]),
  /** A visit validated at the chair: its code, date and channel, and each line's code and place. */
  entry(
    'validate',
    'atencion',
    z.strictObject({
      afiliadoId: id,
      codigoValidacion: text,
      documento: text,
      fecha: text,
      canal: text,
      lineas: z.array(text),
      /** Whether the affiliate's token proved they were there (absent from rows before the token). */
      token: z.boolean().optional(),
    }),
  ),
  /** A dentist anulled one of her validated lines. */
  z.discriminatedUnion('entity', [
    entry(
      'void',
      'linea',
      z.strictObject({ afiliadoId: id, codigoValidacion: text, codigo: text, documento: text }),
    ),
    /** The dentist withdrew her prior authorization before using it. */
    entry(
      'void',
      'autorizacion',
      z.strictObject({ afiliadoId: id, documento: text, numero: text, antes: text }),
    ),
  ]),
  entry(
    'search',
    'afiliado',
    z.strictObject({
      search: text.nullable(),
      /** Searches before the insurer filter was recorded lack it. */
      obraSocialId: id.nullable().optional(),
      estado: text.optional(),
      /** The affiliates the page showed. */
      ids,
    }),
  ),
  z.discriminatedUnion('entity', [
    entry(
      'read',
      'afiliado',
      z.union([
        z.strictObject({ documento: text }),
        /** The reports a page of the queue (or one professional's) showed, each naming an affiliate. */
        z.strictObject({ profesionalId: id.optional(), reportes: ids }),
      ]),
    ),
    /** Someone opened a file of a prior authorization (an X-ray, a photo: health data). */
    entry('read', 'adjunto', adjuntoAutorizacion),
  ]),
  z.discriminatedUnion('entity', [
    z.object({ action: z.literal('export'), entity: z.enum(EXPORTED_ENTITIES), details: auditExportDetails }),
    entry(
      'export',
      'datos_personales',
      /** An affiliate's download says whether it was partial (signed in with the document alone). */
      z.strictObject({ parcial: z.boolean() }).nullable().optional(),
    ),
  ]),
  entry('deactivate', 'afiliado', z.union([byHand, importedAfiliado])),
  entry(
    'reactivate',
    'afiliado',
    z.union([byHand, z.strictObject({ obraSocialId: id, archivo: text, count: z.number().int() })]),
  ),
  /** Staff closed a month: how many lines it presented, and the seed its sample was drawn from. */
  entry('close', 'periodo', z.strictObject({ periodo: text, lineas: z.number().int(), semilla: id })),
  entry('login', 'user', z.strictObject({ segundoFactor: z.boolean() })),
  entry('login_failed', 'user', z.strictObject({ paso: z.literal('contraseña') })),
  bare('second_factor_failed', 'user'),
  entry('recovery_code', 'user', z.strictObject({ restantes: z.number().int() })),
  entry('login_blocked', 'user', z.strictObject({ paso: z.enum(['contraseña', 'codigo']) })),
]);

/** An entry of the audit log as it is written: an action, what it acted on and its details. */
export type AuditRecord = z.input<typeof auditEntrySchema>;

/** An entry as the log's readers get it back. */
export type AuditEntryRead = z.output<typeof auditEntrySchema>;

/**
 * A row's entry as the contract reads it, or undefined when the row predates
 * the contract's shape for its action (the log keeps rows for years): readers
 * then show its fields as recorded.
 */
export function readAuditEntry(row: {
  action: string;
  entity: string;
  details?: unknown;
}): AuditEntryRead | undefined {
  const parsed = auditEntrySchema.safeParse({ action: row.action, entity: row.entity, details: row.details });
  return parsed.success ? parsed.data : undefined;
}
