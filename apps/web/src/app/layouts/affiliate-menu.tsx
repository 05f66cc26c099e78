import { type ComponentType, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CountBadge } from '@/components/ui/count-badge/index.ts';
import { CloseIcon, ToothLogo } from '@/components/ui/icons/index.ts';
import {
  BellIcon,
  ClipboardListIcon,
  LogOutIcon,
  MapIcon,
  MenuIcon,
  SmartphoneIcon,
  UserIcon,
} from '@/components/ui/screen-icons/index.ts';
import { useUnreadCounts } from '@/features/notificaciones/api/get-unread-counts.ts';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { SITE } from '@/lib/site.ts';
import styles from './affiliate-menu.module.css';
import { useSignOut } from './use-sign-out.ts';

const ENTRIES: readonly { to: string; label: string; icon: ComponentType<{ size?: number }> }[] = [
  { to: PATHS.perfilAfiliado, label: 'Mi Perfil', icon: UserIcon },
  { to: PATHS.cartilla, label: 'Cartilla', icon: MapIcon },
  { to: PATHS.notificacionesAfiliado, label: 'Notificaciones', icon: BellIcon },
  { to: PATHS.prestacionesAfiliado, label: 'Mis prestaciones', icon: ClipboardListIcon },
  { to: PATHS.miToken, label: 'Mi token', icon: SmartphoneIcon },
];

/** The affiliate portal's top bar; on small screens its entries fold behind a menu button. */
export function AffiliateMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const signOut = useSignOut();
  // A chosen entry folds the menu again.
  const close = () => setIsOpen(false);
  // Notices not yet opened, on 'Notificaciones' and, while the menu is folded, on its button.
  const { data: counts } = useUnreadCounts(true);
  const unread = Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);
  const unreadWords = formatCount(unread, 'sin leer', 'sin leer');

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to={PATHS.perfilAfiliado} className={styles.brand}>
          <ToothLogo size={34} />
          <span>
            {SITE.name}
            <span className={styles.portal}>Portal de afiliados</span>
          </span>
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="sr-only">
            {isOpen ? 'Cerrar menú' : unread > 0 ? `Abrir menú (${unreadWords})` : 'Abrir menú'}
          </span>
          {!isOpen && unread > 0 && <span className={styles.toggleMarker} data-testid="unread-marker" />}
        </button>
        <nav id={menuId} className={styles.nav} data-open={isOpen} aria-label="Menú del afiliado">
          <ul className={styles.entries}>
            {ENTRIES.map(({ to, label, icon: Icon }) => {
              const waiting = to === PATHS.notificacionesAfiliado ? unread : 0;
              return (
                <li key={to}>
                  <NavLink to={to} className={styles.link} onClick={close}>
                    <Icon size={18} />
                    {label}
                    <CountBadge count={waiting} words={unreadWords} className={styles.count} />
                  </NavLink>
                </li>
              );
            })}
            <li>
              <Link to={PATHS.loginAfiliado} className={`${styles.link} ${styles.logout}`} onClick={signOut}>
                <LogOutIcon size={18} />
                Cerrar Sesión
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
