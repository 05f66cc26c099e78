import { MESSAGES } from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { IdCardIcon } from '@/components/ui/icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { ApiError, isApiError } from '@/lib/api-client.ts';
import { AFFILIATE_LANDING_PATH, PATHS, returnPathFrom } from '@/lib/paths.ts';
import { affiliateLoginAsksBirthdate } from '@/lib/public-config-meta.ts';
import { readTokenGuardado } from '@/lib/token-guardado.ts';
import { useSignInForm } from '@/lib/use-sign-in-form.ts';
import styles from '@/styles/form-page.module.css';
import { signInAfiliado } from '../api/login-afiliado.ts';

/** Affiliate sign-in with the document (`/login-afiliado`), and the birth date where the network asks for it. */
export function AfiliadoLoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const wasSessionExpired = Boolean((location.state as { sessionExpired?: boolean } | null)?.sessionExpired);
  // Where the network asks for it (AFFILIATE_LOGIN_BIRTHDATE), the birth date goes with the document.
  const [asksBirthdate] = useState(affiliateLoginAsksBirthdate);
  const form = useSignInForm<'documento' | 'fecha_nacimiento'>({
    validate: ({ documento, fecha_nacimiento }) => ({
      ...(documento.trim() === '' ? { documento: MESSAGES.DOCUMENT_REQUIRED } : {}),
      ...(asksBirthdate && !fecha_nacimiento
        ? { fecha_nacimiento: MESSAGES.AFFILIATE_BIRTHDATE_REQUIRED }
        : {}),
    }),
    submit: async ({ documento, fecha_nacimiento }) => {
      try {
        await signInAfiliado({
          documento: documento.trim(),
          ...(asksBirthdate ? { fecha_nacimiento } : {}),
        });
      } catch (error) {
        // The spec's words for an unknown document; other failures (too many tries) keep the server's.
        if (isApiError(error, 401)) throw new ApiError(MESSAGES.AFFILIATE_LOGIN_FAILED, 401);
        throw error;
      }
      // Back to the portal page the affiliate was sent here from (a mailed link, the installed app).
      navigate(returnPathFrom(location.search, 'afiliado') ?? AFFILIATE_LANDING_PATH, { replace: true });
    },
  });

  // This phone shows the affiliate's token, signal or session or not: read once drawn (the page
  // is drawn at build time, without the device's storage).
  const [conToken, setConToken] = useState(false);
  useEffect(() => setConToken(readTokenGuardado() !== null), []);
  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Portal de afiliados</h1>
        <p className={styles.subtitle}>
          Ingrese con su número de documento para consultar la cartilla, sus notificaciones y sus datos.
        </p>
      </div>

      {wasSessionExpired && !form.serverError && <Alert variant="info">{MESSAGES.SESSION_EXPIRED}</Alert>}

      {/* The page arrives drawn before its code runs: a press of Enter that early posts the form
          (answered 404), so what was typed never lands in an address or a log. */}
      <form className={styles.form} method="post" onSubmit={form.onSubmit} noValidate>
        {/* Text with a numeric keyboard: passport numbers may carry letters. */}
        <TextInput
          label="DNI"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          icon={<IdCardIcon size={18} />}
          hint="Por ejemplo: 30123456"
          error={form.errors.documento ?? (asksBirthdate ? undefined : form.serverError) ?? undefined}
          {...form.field('documento')}
        />
        {asksBirthdate && (
          <TextInput
            label="Fecha de Nacimiento"
            type="date"
            autoComplete="bday"
            error={form.errors.fecha_nacimiento ?? form.serverError ?? undefined}
            {...form.field('fecha_nacimiento')}
          />
        )}
        <Button type="submit" size="full" isLoading={form.isPending}>
          Iniciar sesión
        </Button>
      </form>

      <div className={styles.footerLinks}>
        {conToken && (
          <p>
            <Link to={PATHS.miToken}>Mostrar mi token</Link> (funciona sin conexión)
          </p>
        )}
        <p>
          ¿Es profesional o integra el equipo de la red? <Link to={PATHS.login}>Ingrese aquí</Link>
        </p>
      </div>
    </>
  );
}
