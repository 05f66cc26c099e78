import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { PATHS } from '@/lib/paths.ts';
import { SITE } from '@/lib/site.ts';
import styles from '@/styles/form-page.module.css';

/** Shown before registration: the sign-up is for professionals, not for affiliates. */
export function RegistroNoticeModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Área exclusiva para profesionales"
      size="sm"
      footer={
        <>
          <a href={SITE.publicSiteUrl} className={buttonClasses({ variant: 'secondary' })}>
            Volver al sitio
          </a>
          <Link to={PATHS.registro} className={buttonClasses({ variant: 'primary' })}>
            Continuar al registro
          </Link>
        </>
      }
    >
      <div className={styles.modalText}>
        <p>
          El registro es exclusivo para odontólogos y prestadores que quieran sumarse a la red de {SITE.name}.
        </p>
        <p>
          Si usted es afiliado no necesita registrarse: ingrese al portal de afiliados con su número de
          documento.
        </p>
      </div>
    </Modal>
  );
}
