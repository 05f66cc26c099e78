import { Outlet } from 'react-router';
import { UserIcon } from '@/components/ui/icons/index.ts';
import { useSession } from '@/lib/session.ts';
import { AppHeader } from './app-header.tsx';
import { usePageTitle, useRouteHandle } from './page-title.ts';
import { RequirePermission } from './require-permission.tsx';
import { RequireStaffSession } from './session-guards.tsx';
import { SiteFooter } from './site-footer.tsx';
import styles from './staff-layout.module.css';
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
            <p className={styles.user}>
              <UserIcon size={18} />
              <span className={styles.userName}>{user.professionalName || user.user}</span>
            </p>
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
