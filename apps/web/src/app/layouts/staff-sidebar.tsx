import { PERMISSIONS, REQUIREMENTS } from '@red-dental/contracts';
import type { ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { CountBadge } from '@/components/ui/count-badge/index.ts';
import { ToothLogo } from '@/components/ui/icons/index.ts';
import {
  BellIcon,
  BriefcaseIcon,
  BuildingIcon,
  CalendarCheckIcon,
  ChartIcon,
  ClipboardCheckIcon,
  ClipboardListIcon,
  FileCheckIcon,
  FileTextIcon,
  ListChecksIcon,
  LogOutIcon,
  ReceiptIcon,
  ScanIcon,
  ShieldIcon,
  StethoscopeIcon,
  TagIcon,
  UserCogIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '@/components/ui/screen-icons/index.ts';
import { useHasUnreadNotifications } from '@/features/notificaciones/api/get-unread-counts.ts';
import { usePendientes } from '@/features/profesionales/api/get-pendientes.ts';
import { formatCount } from '@/lib/format.ts';
import { canOpen, PATHS, staffHomePath } from '@/lib/paths.ts';
import { usePermissions } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';
import { SITE } from '@/lib/site.ts';
import styles from './staff-sidebar.module.css';
import { useSignOut } from './use-sign-out.ts';

interface Entry {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
}

/**
 * The spec's sidebar in its order, then the administration entries. Each shows
 * only to whoever its screen opens for (`canOpen`, which keeps the spec's
 * rules: Profesionales with PROFESSIONALS.GET, Mi Perfil with
 * PROFESSIONALS.UPDATE_PROFILE, Obras Sociales with OBRA_SOCIALES.GET,
 * Notificaciones always, and Afiliados for every default role, all of which
 * hold AFILIADOS.GET).
 */
const STAFF_ENTRIES: readonly Entry[] = [
  { to: PATHS.profesionales, label: 'Profesionales', icon: StethoscopeIcon },
  { to: PATHS.miPerfil, label: 'Mi Perfil', icon: UserIcon },
  { to: PATHS.afiliados, label: 'Afiliados', icon: UsersIcon },
  { to: PATHS.obraSocial, label: 'Obras Sociales', icon: BuildingIcon },
  { to: PATHS.notificaciones, label: 'Notificaciones', icon: BellIcon },
  // Beyond the spec's entries: a dentist's work at the chair, then what the network keeps to run itself.
  { to: PATHS.atender, label: 'Atender', icon: ClipboardCheckIcon },
  { to: PATHS.misPrestaciones, label: 'Mis prestaciones', icon: ReceiptIcon },
  { to: PATHS.autorizaciones, label: 'Autorizaciones', icon: FileCheckIcon },
  { to: PATHS.liquidaciones, label: 'Mis liquidaciones', icon: WalletIcon },
  { to: PATHS.auditoriaOdontologica, label: 'Auditoría odontológica', icon: ScanIcon },
  { to: PATHS.cierre, label: 'Cierre del mes', icon: CalendarCheckIcon },
  { to: PATHS.tablero, label: 'Tablero', icon: ChartIcon },
  { to: PATHS.catalogos, label: 'Catálogos', icon: TagIcon },
  { to: PATHS.nomenclador, label: 'Nomenclador', icon: FileTextIcon },
  { to: PATHS.convenios, label: 'Convenios', icon: BriefcaseIcon },
  { to: PATHS.planes, label: 'Planes', icon: ListChecksIcon },
  { to: PATHS.usuarios, label: 'Usuarios', icon: UserCogIcon },
  { to: PATHS.roles, label: 'Roles', icon: ShieldIcon },
  { to: PATHS.auditoria, label: 'Auditoría', icon: ClipboardListIcon },
];

/** Staff navigation; under 768 px only the icons show (the labels still name the links). */
export function StaffSidebar() {
  const can = usePermissions();
  const session = useSession();
  const user = session?.kind === 'staff' ? session.user : null;
  const signOut = useSignOut();
  // Administrative staff see every notification, so only the others get the unread marker.
  const hasUnread = useHasUnreadNotifications(!can(REQUIREMENTS.STAFF));
  // Sign-up requests waiting, on 'Profesionales', for whoever may answer them.
  const { solicitudes } = usePendientes(
    can(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST) && canOpen(user, PATHS.profesionales),
  );

  return (
    <nav className={styles.sidebar} aria-label="Menú principal">
      <Link to={staffHomePath(user)} className={styles.brand}>
        <ToothLogo size={36} />
        <span className={styles.label}>{SITE.name}</span>
      </Link>
      <ul className={styles.entries}>
        {STAFF_ENTRIES.filter((entry) => canOpen(user, entry.to)).map(({ to, label, icon: Icon }) => {
          const showsUnread = to === PATHS.notificaciones && hasUnread;
          const waiting = to === PATHS.profesionales && solicitudes ? solicitudes : 0;
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={styles.link}
                title={label}
                aria-label={showsUnread ? `${label} (tiene notificaciones sin leer)` : undefined}
              >
                <span className={styles.iconWrap}>
                  <Icon size={20} />
                  {showsUnread && <span className={styles.unread} data-testid="unread-marker" />}
                </span>
                <span className={styles.label}>{label}</span>
                <CountBadge
                  count={waiting}
                  words={formatCount(waiting, 'solicitud pendiente', 'solicitudes pendientes')}
                  className={styles.count}
                />
              </NavLink>
            </li>
          );
        })}
      </ul>
      <Link
        to={PATHS.login}
        className={`${styles.link} ${styles.logout}`}
        onClick={signOut}
        title="Cerrar Sesión"
      >
        <span className={styles.iconWrap}>
          <LogOutIcon size={20} />
        </span>
        <span className={styles.label}>Cerrar Sesión</span>
      </Link>
    </nav>
  );
}
