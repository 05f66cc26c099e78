import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { PATHS, staffScreenRequirement } from '@/lib/paths.ts';
import type { RouteHandle } from './layouts/page-title.ts';
import { RouteError } from './layouts/route-error.tsx';
import { StaffHome } from './layouts/staff-home.tsx';
import { UnknownPath } from './layouts/unknown-path.tsx';

type Lazy = RouteObject['lazy'];

/** The query cache of the screens below it (one per session). */
const queryBoundary: Lazy = () => import('./layouts/query-boundary.tsx');

/**
 * A screen: its path, the title for the header and the tab, its lazily loaded
 * module and, for the back office, the permission it needs (`STAFF_SCREENS` in
 * lib/paths.ts, which the links to it ask too).
 */
function page(path: string, title: string, lazy: Lazy): RouteObject {
  const permission = staffScreenRequirement(path);
  const handle: RouteHandle = permission ? { title, permission } : { title };
  return { path, handle, lazy };
}

type SignedInScreen = keyof typeof import('./routes/signed-in-screens.ts').SIGNED_IN_SCREENS;

/** A signed-in screen, loaded through `routes/signed-in-screens.ts` (which keeps its file list out of the entry). */
function signedIn(name: SignedInScreen): Lazy {
  return async () => (await import('./routes/signed-in-screens.ts')).SIGNED_IN_SCREENS[name]();
}

/** The back office: staff and professionals. */
const signedInStaff: RouteObject = {
  lazy: () => import('./layouts/staff-layout.tsx'),
  children: [
    { index: true, element: <StaffHome /> },
    page(PATHS.tablero, 'Tablero', signedIn('tablero')),
    page(PATHS.afiliados, 'Afiliados', signedIn('afiliados')),
    page(PATHS.afiliadosImportCsv, 'Importar afiliados', signedIn('afiliadosImportCsv')),
    page(PATHS.afiliadosForm, 'Nuevo afiliado', signedIn('afiliadosForm')),
    page(PATHS.afiliadosConfirmaciones, 'Confirmaciones observadas', signedIn('afiliadosConfirmaciones')),
    page(PATHS.profesionales, 'Profesionales', signedIn('profesionales')),
    page(PATHS.profesionalesSolicitudes, 'Solicitudes Pendientes', signedIn('profesionalesSolicitudes')),
    page(PATHS.profesionalesReportes, 'Reportes de datos', signedIn('profesionalesReportes')),
    page(PATHS.profesionalesEdit, 'Perfil del profesional', signedIn('profesionalesEdit')),
    page(PATHS.obraSocial, 'Obras Sociales', signedIn('obraSocial')),
    page(PATHS.notificaciones, 'Notificaciones', signedIn('notificaciones')),
    page(PATHS.notificacionesCrear, 'Nueva notificación', signedIn('notificacionesCrear')),
    page(PATHS.miPerfil, 'Mi Perfil', signedIn('miPerfil')),
    page(PATHS.catalogos, 'Catálogos', signedIn('catalogos')),
    page(PATHS.nomenclador, 'Nomenclador', signedIn('nomenclador')),
    page(PATHS.convenios, 'Convenios', signedIn('convenios')),
    page(PATHS.planes, 'Planes', signedIn('planes')),
    page(PATHS.atender, 'Atender', signedIn('atender')),
    page(PATHS.misPrestaciones, 'Mis prestaciones', signedIn('misPrestaciones')),
    page(PATHS.autorizaciones, 'Autorizaciones', signedIn('autorizaciones')),
    page(PATHS.autorizacion, 'Autorización', signedIn('autorizacion')),
    page(PATHS.liquidaciones, 'Mis liquidaciones', signedIn('liquidaciones')),
    page(PATHS.liquidacion, 'Liquidación', signedIn('liquidacion')),
    page(PATHS.cierre, 'Cierre del mes', signedIn('cierre')),
    page(PATHS.cierrePeriodo, 'Cierre de un mes', signedIn('cierrePeriodo')),
    page(PATHS.auditoriaOdontologica, 'Auditoría odontológica', signedIn('auditoriaOdontologica')),
    page(PATHS.miCuenta, 'Mi cuenta', signedIn('miCuenta')),
    page(PATHS.misDatosUsuario, 'Mis datos', signedIn('misDatos')),
    page(PATHS.usuarios, 'Usuarios', signedIn('usuarios')),
    page(PATHS.roles, 'Roles', signedIn('roles')),
    page(PATHS.auditoria, 'Auditoría', signedIn('auditoria')),
  ],
};

/** The affiliates' portal. */
const signedInAffiliate: RouteObject = {
  lazy: () => import('./layouts/affiliate-layout.tsx'),
  children: [
    page(PATHS.perfilAfiliado, 'Mi Perfil', signedIn('perfilAfiliado')),
    page(PATHS.misDatosAfiliado, 'Mis datos', signedIn('misDatos')),
    page(PATHS.cartilla, 'Cartilla', signedIn('cartilla')),
    page(PATHS.notificacionesAfiliado, 'Notificaciones', signedIn('notificacionesAfiliado')),
    page(PATHS.prestacionesAfiliado, 'Mis prestaciones', signedIn('prestacionesAfiliado')),
    page(PATHS.miToken, 'Mi token', signedIn('miToken')),
    page(PATHS.activarToken, 'Activar el token', signedIn('activarToken')),
  ],
};

/**
 * The route map. Every screen and every layout is its own
 * chunk, so the sign-in screens load none of the back office.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        lazy: () => import('./layouts/public-layout.tsx'),
        children: [
          // The two sign-in screens fetch nothing, so they load no query cache.
          page(PATHS.login, 'Iniciar sesión', () => import('./routes/login.tsx')),
          page(PATHS.loginAfiliado, 'Portal de afiliados', () => import('./routes/login-afiliado.tsx')),
          {
            lazy: queryBoundary,
            children: [
              page(PATHS.registro, 'Registro de profesionales', () => import('./routes/registro.tsx')),
              page(
                PATHS.recoverPassword,
                'Recuperar contraseña',
                () => import('./routes/recover-password.tsx'),
              ),
              page(PATHS.confirmarEmail, 'Confirmar email', () => import('./routes/confirmar-email.tsx')),
              page(
                PATHS.confirmarEmailCuenta,
                'Confirmar email',
                () => import('./routes/confirmar-email-cuenta.tsx'),
              ),
              page(
                PATHS.confirmarRegistro,
                'Confirmar registro',
                () => import('./routes/confirmar-registro.tsx'),
              ),
              page(PATHS.invitacion, 'Invitación', () => import('./routes/invitacion.tsx')),
              page(PATHS.datosAlDia, 'Sus datos en la cartilla', () => import('./routes/datos-al-dia.tsx')),
            ],
          },
        ],
      },
      {
        lazy: queryBoundary,
        children: [signedInStaff, signedInAffiliate],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router has loaded the modules of the routes matching its
 * address (they are lazy), so its first render shows the screen: a page
 * written at build time is then hydrated with exactly the markup it has. The
 * router does it itself as it starts, matching the address once.
 */
export function whenRouterReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
