import { Link, Outlet } from 'react-router';
import { UserIcon } from '@/components/ui/screen-icons/index.ts';
import { PATHS } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { AppHeader } from './app-header.tsx';
import { usePageTitle, useRouteHandle } from './page-title.ts';
import { RequirePermission } from './require-permission.tsx';
import { SiteFooter } from './site-footer.tsx';
import styles from './staff-layout.module.css';
import { RequireStaffSession } from './staff-session-guard.tsx';
import { StaffSidebar } from './staff-sidebar.tsx';

/** The back office frame: sidebar, page header, the screen, and the footer. */
export function StaffLayout() {
  return (
    <RequireStaffSession>
      <StaffFrame />
    </RequireStaffSession>
  );
}

function StaffFrame() {
  const title = usePageTitle();
  const permission = useRouteHandle()?.permission;
  const session = useSession();
  const user = session?.kind === 'staff' ? session.user : null;
  return (
    <div className={styles.frame}>
      <StaffSidebar />
      <div className={styles.column}>
        <AppHeader title={title}>
          {user && (
            <Link to={PATHS.miCuenta} className={styles.user} title="Mi cuenta">
              <UserIcon size={18} />
              <span className={styles.userName}>{user.professionalName || user.nombre || user.user}</span>
              <span className="sr-only">: Mi cuenta</span>
            </Link>
          )}
        </AppHeader>
        <main className={styles.main}>
          {permission ? (
            <RequirePermission permission={permission}>
              <Outlet />
            </RequirePermission>
          ) : (
            <Outlet />
          )}
        </main>
        <SiteFooter />
      </div>
    </div>
  );
}

export { StaffLayout as Component };
