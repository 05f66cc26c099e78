import { type ComponentType, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, ToothLogo } from '@/components/ui/icons/index.ts';
import { BellIcon, LogOutIcon, MapIcon, MenuIcon, UserIcon } from '@/components/ui/screen-icons/index.ts';
import { PATHS } from '@/lib/paths.ts';
import { SITE } from '@/lib/site.ts';
import styles from './affiliate-menu.module.css';
import { useSignOut } from './use-sign-out.ts';

const ENTRIES: readonly { to: string; label: string; icon: ComponentType<{ size?: number }> }[] = [
  { to: PATHS.perfilAfiliado, label: 'Mi Perfil', icon: UserIcon },
  { to: PATHS.cartilla, label: 'Cartilla', icon: MapIcon },
  { to: PATHS.notificacionesAfiliado, label: 'Notificaciones', icon: BellIcon },
];

/** The affiliate portal's top bar; on small screens its entries fold behind a menu button. */
export function AffiliateMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const signOut = useSignOut();
  // A chosen entry folds the menu again.
  const close = () => setIsOpen(false);

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
          <span className="sr-only">{isOpen ? 'Cerrar menú' : 'Abrir menú'}</span>
        </button>
        <nav id={menuId} className={styles.nav} data-open={isOpen} aria-label="Menú del afiliado">
          <ul className={styles.entries}>
            {ENTRIES.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={styles.link} onClick={close}>
                  <Icon size={18} />
                  {label}
                </NavLink>
              </li>
            ))}
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
