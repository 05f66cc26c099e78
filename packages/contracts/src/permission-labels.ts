import type { PermissionName } from './permissions.ts';

// The permissions in words, apart from the catalogue itself: the screens that
// check permissions (every one) do not carry these texts, only the Roles
// screen and the server's seed do.

/** Spanish description of each permission, listed by GET /api/permisos. */
export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'USERS.GET': 'Ver usuarios',
  'USERS.CREATE': 'Crear usuarios',
  'USERS.UPDATE': 'Modificar usuarios',
  'USERS.DELETE': 'Eliminar usuarios',
  'USERS.UPDATE_ROLE': 'Cambiar los roles de un usuario',
  'USERS.UPDATE_PASSWORD': 'Cambiar la contraseña de un usuario',
  'ROLES.GET': 'Ver roles',
  'ROLES.CREATE': 'Crear roles',
  'ROLES.UPDATE': 'Modificar roles',
  'AFILIADOS.GET': 'Consultar afiliados',
  'AFILIADOS.CREATE': 'Cargar afiliados (personal administrativo)',
  'AFILIADOS.UPDATE': 'Modificar afiliados',
  'AFILIADOS.DELETE': 'Dar de baja y reactivar afiliados',
  'PROFESSIONALS.GET': 'Ver profesionales',
  'PROFESSIONALS.UPDATE': 'Modificar profesionales',
  'PROFESSIONALS.DELETE': 'Eliminar profesionales',
  'PROFESSIONALS.UPDATE_PROFILE': 'Editar el propio perfil profesional',
  'PROFESSIONALS.ACCEPT_REQUEST': 'Aceptar o rechazar solicitudes de profesionales',
  'OBRA_SOCIALES.GET': 'Ver obras sociales',
  'OBRA_SOCIALES.CREATE': 'Crear obras sociales',
  'OBRA_SOCIALES.UPDATE': 'Modificar obras sociales',
  'OBRA_SOCIALES.DELETE': 'Dar de baja obras sociales',
  'AUDIT.GET': 'Ver la auditoría',
  'NOMENCLADOR.MANAGE': 'Mantener el nomenclador, los convenios y los planes',
  'PRESTACIONES.VALIDATE': 'Atender: validar prestaciones en el consultorio',
  'PRESTACIONES.AUDIT': 'Auditar las prestaciones presentadas',
  'AUTORIZACIONES.DECIDE': 'Decidir autorizaciones previas',
  'LIQUIDACIONES.MANAGE': 'Cerrar períodos, liquidar a los prestadores y facturar a las obras sociales',
  BACKOFFICE_ACCESS: 'Acceso al sistema de gestión',
  MOBILE_ACCESS: 'Acceso al portal de afiliados',
};

/** What each permission opens, in a line a staff member understands (the Roles screen). */
export const PERMISSION_HELP: Record<PermissionName, string> = {
  'USERS.GET': 'Abre Usuarios: la lista de cuentas del personal y de los profesionales.',
  'USERS.CREATE':
    'Invitar a una persona del personal a sumarse al sistema y reenviarle la invitación (con USERS.UPDATE_ROLE para darle roles).',
  'USERS.UPDATE':
    'Con USERS.UPDATE_PASSWORD, cambiar el email de otra cuenta sin permisos que usted no tenga; la dirección nueva recibe un enlace para confirmarla.',
  'USERS.DELETE':
    'Desactivar y reactivar cuentas sin permisos que usted no tenga; al desactivar se cierran sus sesiones.',
  'USERS.UPDATE_ROLE':
    'Asignar y quitar roles con permisos que usted también tiene, en cuentas sin permisos que usted no tenga (nadie cambia los propios; se cierran sus sesiones).',
  'USERS.UPDATE_PASSWORD':
    'Enviar a una cuenta un enlace para que su dueño elija una contraseña nueva (nadie define la contraseña de otra persona).',
  'ROLES.GET': 'Abre Roles: cada rol con sus permisos.',
  'ROLES.CREATE': 'Crear roles nuevos.',
  'ROLES.UPDATE': 'Cambiar el nombre y los permisos de un rol (ADMINISTRADOR no se modifica).',
  'AFILIADOS.GET':
    'Abre Afiliados. Solo, consultar la cobertura de un afiliado por su documento exacto, como los prestadores; con AFILIADOS.CREATE, UPDATE o DELETE, buscar en todo el padrón por documento o nombre.',
  'AFILIADOS.CREATE':
    'Cargar afiliados uno por uno o desde un archivo CSV, y enviar notificaciones; con AFILIADOS.GET, exportar el padrón.',
  'AFILIADOS.UPDATE': 'Con AFILIADOS.GET, modificar los datos de un afiliado desde la lista.',
  'AFILIADOS.DELETE':
    'Dar de baja afiliados y reactivarlos: desde la lista, con AFILIADOS.GET; al importar, también a los que el archivo no incluye en el padrón de su obra social.',
  'PROFESSIONALS.GET': 'Abre Profesionales: la lista de la red y el perfil de cada uno, para verlo.',
  'PROFESSIONALS.UPDATE':
    'Mantener Catálogos (especialidades y zonas); con PROFESSIONALS.GET, editar el perfil de un profesional, verificar su matrícula, enviarle el recordatorio y atender los reportes de datos.',
  'PROFESSIONALS.DELETE': 'Con PROFESSIONALS.GET, eliminar profesionales de la red desde la lista.',
  'PROFESSIONALS.UPDATE_PROFILE':
    'Abre Mi Perfil: completar y mantener el propio perfil profesional (lo tienen los prestadores; una cuenta sin perfil profesional no tiene qué mantener).',
  'PROFESSIONALS.ACCEPT_REQUEST': 'Aceptar o rechazar las solicitudes de registro de profesionales.',
  'OBRA_SOCIALES.GET': 'Abre Obras Sociales: la lista con sus contactos y afiliados.',
  'OBRA_SOCIALES.CREATE': 'Agregar obras sociales.',
  'OBRA_SOCIALES.UPDATE': 'Modificar los datos de una obra social.',
  'OBRA_SOCIALES.DELETE': 'Dar de baja obras sociales (sus afiliados quedan sin obra social).',
  'AUDIT.GET':
    'Abre Auditoría: quién hizo qué, cuándo y desde dónde, con los documentos de los afiliados consultados; y exportarla.',
  'NOMENCLADOR.MANAGE':
    'Mantener Nomenclador, Convenios y Planes: importar y editar los códigos de prestación y sus grupos, los convenios con cada obra social con sus aranceles, y los planes con sus reglas de cobertura. Sin él, con el acceso al sistema, se pueden consultar.',
  'PRESTACIONES.VALIDATE':
    'Abre Atender y Mis prestaciones: ver la historia odontológica de un paciente en la red y validar lo que se le hace (lo tienen los prestadores; solo valida una cuenta con perfil profesional, y en su propio nombre).',
  'PRESTACIONES.AUDIT':
    'Auditoría odontológica: leer las prestaciones de la red con sus adjuntos y las respuestas de los afiliados, y decidir las presentadas al cierre.',
  'AUTORIZACIONES.DECIDE':
    'Auditoría odontológica: la cola de autorizaciones previas, con sus adjuntos; aprobarlas, aprobarlas en parte, observarlas o rechazarlas.',
  'LIQUIDACIONES.MANAGE':
    'Abre Cierre y liquidaciones: cerrar el mes (presentar las prestaciones, liquidar a cada prestador y armar el lote de cada obra social), ver las liquidaciones y los lotes y registrar sus pagos.',
  BACKOFFICE_ACCESS: 'Iniciar sesión en el sistema de gestión: sin este permiso la cuenta no entra.',
  MOBILE_ACCESS:
    'Lo tienen los afiliados, que entran al portal con su documento; en un rol del sistema de gestión no abre nada.',
};

/** The permissions by what they are about, in the order the Roles screen shows them. */
export const PERMISSION_GROUPS: readonly { label: string; permissions: readonly PermissionName[] }[] = [
  { label: 'Acceso', permissions: ['BACKOFFICE_ACCESS', 'MOBILE_ACCESS'] },
  {
    label: 'Afiliados',
    permissions: ['AFILIADOS.GET', 'AFILIADOS.CREATE', 'AFILIADOS.UPDATE', 'AFILIADOS.DELETE'],
  },
  {
    label: 'Profesionales',
    permissions: [
      'PROFESSIONALS.GET',
      'PROFESSIONALS.UPDATE',
      'PROFESSIONALS.DELETE',
      'PROFESSIONALS.ACCEPT_REQUEST',
      'PROFESSIONALS.UPDATE_PROFILE',
    ],
  },
  {
    label: 'Obras sociales',
    permissions: [
      'OBRA_SOCIALES.GET',
      'OBRA_SOCIALES.CREATE',
      'OBRA_SOCIALES.UPDATE',
      'OBRA_SOCIALES.DELETE',
    ],
  },
  {
    label: 'Usuarios',
    permissions: [
      'USERS.GET',
      'USERS.CREATE',
      'USERS.UPDATE',
      'USERS.DELETE',
      'USERS.UPDATE_ROLE',
      'USERS.UPDATE_PASSWORD',
    ],
  },
  { label: 'Roles', permissions: ['ROLES.GET', 'ROLES.CREATE', 'ROLES.UPDATE'] },
  {
    label: 'Prestaciones',
    permissions: [
      'NOMENCLADOR.MANAGE',
      'PRESTACIONES.VALIDATE',
      'PRESTACIONES.AUDIT',
      'AUTORIZACIONES.DECIDE',
      'LIQUIDACIONES.MANAGE',
    ],
  },
  { label: 'Auditoría', permissions: ['AUDIT.GET'] },
];
