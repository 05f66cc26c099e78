import { FacebookIcon, InstagramIcon, LinkedinIcon } from '@/components/ui/icons/index.ts';
import { SITE } from '@/lib/site.ts';
import styles from './site-footer.module.css';

const SOCIAL_ICONS = { Instagram: InstagramIcon, Facebook: FacebookIcon, LinkedIn: LinkedinIcon } as const;

/** On every page, public ones included: copyright, social networks and who built it. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p>
        © {SITE.copyrightYear} {SITE.name}. Todos los derechos reservados.
      </p>
      <ul className={styles.social} aria-label="Redes sociales">
        {SITE.social.map(({ name, url }) => {
          const Icon = SOCIAL_ICONS[name];
          return (
            <li key={name}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${name} (se abre en una pestaña nueva)`}
              >
                <Icon size={18} />
              </a>
            </li>
          );
        })}
      </ul>
      <p>
        Desarrollado por{' '}
        <a href={SITE.developer.url} target="_blank" rel="noopener noreferrer">
          {SITE.developer.name}
        </a>
      </p>
    </footer>
  );
}
