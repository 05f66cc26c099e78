/**
 * Every TanStack Query key of the app. Keys are nested so that invalidating a
 * prefix (`queryKeys.afiliados.all`) refreshes every query below it.
 */
export const queryKeys = {
  me: ['user', 'me'] as const,
  afiliados: {
    all: ['afiliados'] as const,
    /** `params`: the page, size and filters, so each combination is cached apart. */
    page: (params: object) => ['afiliados', 'paginated', params] as const,
    profile: ['afiliados', 'profile'] as const,
    /** One record as staff edit it, e-mail and phone included. */
    detail: (id: number) => ['afiliados', 'detail', id] as const,
    /** The phone showing an affiliate's token: the portal's own, and one affiliate's for staff. */
    token: ['afiliados', 'token'] as const,
    /** The affiliate's own lines (the portal's 'Mis prestaciones'). */
    prestaciones: ['afiliados', 'prestaciones'] as const,
    tokenDe: (id: number) => ['afiliados', 'token', id] as const,
    // Outside `afiliados.all`: the import's own invalidation must not run the dry run again.
    importPreview: (obraSocialId: number | undefined, fileKey: number, bajaAusentes: boolean) =>
      ['afiliados-import-preview', obraSocialId, fileKey, bajaAusentes] as const,
  },
  obrasSociales: {
    all: ['obras-sociales'] as const,
    list: ['obras-sociales', 'list'] as const,
    full: ['obras-sociales', 'full'] as const,
  },
  /** Every notification query sits under `notificaciones.all`: a read or a send refreshes them all. */
  notificaciones: {
    all: ['notificaciones'] as const,
    unread: ['notificaciones', 'unread'] as const,
    /** `scope`: 'staff' (every notification), 'own' (a professional's), 'afiliado'. */
    page: (scope: 'staff' | 'own' | 'afiliado', params: object) => ['notificaciones', scope, params] as const,
    destinatarios: (id: number, params: object) => ['notificaciones', 'destinatarios', id, params] as const,
    count: (filters: object) => ['notificaciones', 'count', filters] as const,
  },
  profesionales: {
    all: ['profesionales'] as const,
    search: (search: string) => ['profesionales', 'search', search] as const,
    page: (params: object) => ['profesionales', 'paginated', params] as const,
    solicitudes: ['profesionales', 'solicitudes'] as const,
    /** The counts behind the badges: answering a request or closing a report refreshes them. */
    pendientes: ['profesionales', 'pendientes'] as const,
    detail: (id: number) => ['profesionales', 'detail', id] as const,
    /** The signed-in professional's own record. */
    profile: ['profesionales', 'profile'] as const,
    reportes: (id: number) => ['profesionales', 'reportes', id] as const,
    /** The queue of every provider's reports (staff). */
    reportesQueue: (params: object) => ['profesionales', 'reportes', 'queue', params] as const,
  },
  /** The reports the signed-in affiliate sent. */
  misReportes: ['mis-reportes'] as const,
  /** The affiliate's directory. */
  cartilla: ['cartilla'] as const,
  /** The code table: its pages and groups under `all`; the import's preview apart, so the import does not run it again. */
  nomenclador: {
    all: ['nomenclador'] as const,
    page: (params: object) => ['nomenclador', 'page', params] as const,
    grupos: ['nomenclador', 'grupos'] as const,
    importPreview: (fileKey: number) => ['nomenclador-import-preview', fileKey] as const,
  },
  /** The insurers' contracts and their fees under `all`; an import's preview apart. */
  convenios: {
    all: ['convenios'] as const,
    list: ['convenios', 'list'] as const,
    aranceles: (id: number, params: object) => ['convenios', 'aranceles', id, params] as const,
    importPreview: (id: number, fileKey: number) => ['convenios-import-preview', id, fileKey] as const,
  },
  /** The insurers' plans and their rules under `all`; an import's preview apart. */
  prestaciones: {
    all: ['prestaciones'] as const,
    historia: (documento: string) => ['prestaciones', 'historia', documento] as const,
    mias: (query: object) => ['prestaciones', 'mias', query] as const,
    revision: (body: object | null) => ['prestaciones-revision', body] as const,
    confirmaciones: (query: object) => ['prestaciones', 'confirmaciones', query] as const,
  },
  /** Prior authorizations: a dentist's own, one request, the auditors' queue and what a request is judged against. */
  autorizaciones: {
    all: ['autorizaciones'] as const,
    propias: (query: object) => ['autorizaciones', 'propias', query] as const,
    una: (id: number) => ['autorizaciones', 'una', id] as const,
    cola: (query: object) => ['autorizaciones', 'cola', query] as const,
    // Outside `autorizaciones.all`: each of these reads is audited on the affiliate, so a change to
    // the request does not read them again.
    contexto: (id: number) => ['autorizaciones-contexto', id] as const,
    adjunto: (id: number, adjuntoId: number) => ['autorizaciones-adjunto', id, adjuntoId] as const,
  },
  /** The months, their settlements and lots: a closing or a payment refreshes them all. */
  cierre: {
    all: ['cierre'] as const,
    periodos: ['cierre', 'periodos'] as const,
    periodo: (periodo: string) => ['cierre', 'periodo', periodo] as const,
    liquidaciones: (query: object) => ['cierre', 'liquidaciones', query] as const,
    liquidacion: (id: number) => ['cierre', 'liquidacion', id] as const,
    lotes: (query: object) => ['cierre', 'lotes', query] as const,
    /** The presented lines in the audit: the auditor's queue, and a dentist's own. */
    lineas: (query: object) => ['cierre', 'lineas', query] as const,
    debitos: (loteId: number) => ['cierre', 'debitos', loteId] as const,
    // Outside `cierre.all`: the import's own invalidation must not run the dry run again.
    debitosPreview: (loteId: number, fileKey: number) => ['cierre-debitos-preview', loteId, fileKey] as const,
  },
  planes: {
    all: ['planes'] as const,
    list: (obraSocialId?: number) => ['planes', 'list', obraSocialId ?? null] as const,
    reglas: (id: number, fecha?: string) => ['planes', 'reglas', id, fecha ?? null] as const,
    importPreview: (id: number, fileKey: number) => ['planes-import-preview', id, fileKey] as const,
  },
  /** Every zone; the catalogue (with counts) sits under it, so invalidating zonas reads both again. */
  zonas: ['zonas'] as const,
  zonasCatalogo: ['zonas', 'catalogo'] as const,
  especialidades: ['especialidades'] as const,
  especialidadesCatalogo: ['especialidades', 'catalogo'] as const,
  geocode: (query: string) => ['geocode', query] as const,
  /** The country's list of localities, a file of the app's own: loaded once. */
  localidades: ['localidades'] as const,
  usuarios: {
    all: ['usuarios'] as const,
    page: (params: object) => ['usuarios', 'paginated', params] as const,
  },
  invitacion: (token: string) => ['invitacion', token] as const,
  roles: ['roles'] as const,
  auditoria: {
    page: (params: object) => ['auditoria', 'paginated', params] as const,
  },
  accesos: (params: object) => ['afiliado', 'accesos', params] as const,
  /** The signed-in user's own open sessions. */
  sesiones: ['sesiones'] as const,
  /** Whether the signed-in user's account has two-factor sign-in. */
  segundoFactor: ['segundo-factor'] as const,
};
