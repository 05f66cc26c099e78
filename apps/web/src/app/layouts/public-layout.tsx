import { Outlet } from 'react-router';
import { CheckCircleIcon, ToothLogo } from '@/components/ui/icons/index.ts';
import { SITE } from '@/lib/site.ts';
import { usePageTitle } from './page-title.ts';
import styles from './public-layout.module.css';
import { SiteFooter } from './site-footer.tsx';

const HIGHLIGHTS = [
  'Cartilla de prestadores siempre actualizada',
  'Notificaciones y documentación en un solo lugar',
  'Perfiles y horarios de atención al día',
];

/** The frame of the public screens: the brand beside the form, and the footer. */
export function PublicLayout() {
  usePageTitle();
  return (
    <div className={styles.page}>
      <div className={styles.columns}>
        <aside className={styles.brand}>
          <div className={styles.logo}>
            <ToothLogo size={40} />
            <span>{SITE.name}</span>
          </div>
          <div className={styles.pitch}>
            <p className={styles.tagline}>
              La red odontológica que conecta profesionales, obras sociales y afiliados.
            </p>
            <ul className={styles.highlights}>
              {HIGHLIGHTS.map((text) => (
                <li key={text}>
                  <CheckCircleIcon size={20} />
                  {text}
                </li>
              ))}
            </ul>
          </div>
        </aside>
        <main className={styles.main}>
          <div className={styles.card}>
            <Outlet />
          </div>
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

export { PublicLayout as Component };
