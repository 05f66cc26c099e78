import { Outlet } from 'react-router';
import { useReportQueue } from '@/features/reportes/api/use-report-queue.ts';
import styles from './affiliate-layout.module.css';
import { AffiliateMenu } from './affiliate-menu.tsx';
import { AppHeader } from './app-header.tsx';
import { usePageTitle } from './page-title.ts';
import { RequireAffiliateSession } from './session-guards.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The affiliate portal's frame: top menu, page header, the screen, and the footer. */
export function AffiliateLayout() {
  return (
    <RequireAffiliateSession>
      <AffiliateFrame />
    </RequireAffiliateSession>
  );
}

function AffiliateFrame() {
  const title = usePageTitle();
  // A report written offline goes out from whichever portal screen is open when the connection returns.
  useReportQueue();
  return (
    <div className={styles.frame}>
      <AffiliateMenu />
      <div className={styles.content}>
        <AppHeader title={title} />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

export { AffiliateLayout as Component };
