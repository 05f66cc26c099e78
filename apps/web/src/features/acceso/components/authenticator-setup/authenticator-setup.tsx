import styles from './authenticator-setup.module.css';

export interface AuthenticatorSetupProps {
  /** The QR code of the otpauth:// address, as an image data URL. */
  qr: string;
  /** The same secret as text, for an app that cannot scan. */
  secret: string;
}

/** The secret of a new two-factor sign-in: a QR code to scan, and the text to type instead. */
export function AuthenticatorSetup({ qr, secret }: AuthenticatorSetupProps) {
  return (
    <div className={styles.setup}>
      <ol className={styles.steps}>
        <li>
          Abra una aplicación de autenticación en su teléfono (Google Authenticator, Microsoft Authenticator u
          otra).
        </li>
        <li>Escanee el código QR, o escriba la clave si no puede escanearlo.</li>
        <li>Ingrese abajo el código de 6 dígitos que muestra la aplicación.</li>
      </ol>
      <img
        className={styles.qr}
        src={qr}
        alt="Código QR para la aplicación de autenticación"
        width={180}
        height={180}
      />
      <p className={styles.secret}>
        Clave: <code>{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
    </div>
  );
}
