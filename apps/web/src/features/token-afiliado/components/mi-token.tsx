import { formatFecha, MESSAGES, type TokenEstado } from '@red-dental/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { codigoEn } from '@/lib/token-codigo.ts';
import {
  forgetTokenGuardado,
  readTokenGuardado,
  type TokenGuardado,
  tokenGuardadoDe,
} from '@/lib/token-guardado.ts';
import { useActivarToken } from '../api/activar-token.ts';
import { useEnviarEnlace } from '../api/enviar-enlace.ts';
import { useToken } from '../api/get-token.ts';
import styles from './token-afiliado.module.css';

const M = MESSAGES.tokenAfiliado;

/** '482 913', read as two groups of three; for a screen reader, digit by digit. */
const enGrupos = (codigo: string) => `${codigo.slice(0, 3)} ${codigo.slice(3)}`;

/** The code as the phone computes it now, renewed as each step ends; it needs no connection. */
function CodigoVivo({ token }: { token: TokenGuardado }) {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { codigo, quedan } = codigoEn(token, ahora);
  return (
    <>
      <p className={styles.codigo} aria-live="polite">
        <span aria-hidden="true">{enGrupos(codigo)}</span>
        <span className="sr-only">Token: {codigo.split('').join(' ')}</span>
      </p>
      <div className={styles.reloj}>
        <div className={styles.barra} aria-hidden="true">
          <span style={{ width: `${(quedan / token.pasoSegundos) * 100}%` }} />
        </div>
        <span>Cambia en {quedan} s</span>
      </div>
    </>
  );
}

/** How to enrol this phone: the link to the proven e-mail, or a printed code typed here. */
function Activar({ estado, onActivado }: { estado: TokenEstado; onActivado: (t: TokenGuardado) => void }) {
  const headingId = useId();
  const enlace = useEnviarEnlace();
  const activar = useActivarToken();
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string>();

  const enviar = (event: FormEvent) => {
    event.preventDefault();
    if (!codigo.trim()) return setError(M.CODIGO_REQUIRED);
    setError(undefined);
    activar.mutate(
      { codigo },
      {
        onSuccess: (s) =>
          onActivado({
            afiliadoId: s.afiliadoId,
            dispositivoId: s.dispositivoId,
            secreto: s.secreto,
            secretoLectura: s.secretoLectura,
            pasoSegundos: s.pasoSegundos,
            digitos: s.digitos,
          }),
        onError: (e) => setError(isApiError(e, 400) ? (e.fields?.codigo ?? errorMessage(e)) : undefined),
      },
    );
  };

  return (
    <Panel className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Activar el token en este teléfono
      </h2>
      <p className={styles.hint}>
        El token es un código de 6 números que cambia cada minuto. El profesional se lo pide al atenderlo: así
        nadie registra atenciones a su nombre sin que usted esté. Se ve en un solo teléfono, y funciona sin
        conexión.
      </p>
      {estado.dispositivo && (
        <Alert variant="info">
          Su token está activo en {estado.dispositivo.etiqueta} desde el{' '}
          {formatMomentDate(estado.dispositivo.desde)}. Si lo activa acá, deja de funcionar en ese teléfono.
        </Alert>
      )}
      {estado.email && !estado.emailDesde && (
        <div className={styles.actions}>
          <Button onClick={() => enlace.mutate()} isLoading={enlace.isPending} disabled={enlace.isSuccess}>
            Enviar el enlace a {estado.email}
          </Button>
        </div>
      )}
      {enlace.isSuccess && <Alert variant="success">{enlace.data.message}</Alert>}
      {enlace.isError && <Alert>{errorMessage(enlace.error)}</Alert>}
      {estado.email && estado.emailDesde && (
        <Alert variant="warning">{M.EMAIL_RECIENTE(formatFecha(estado.emailDesde))}</Alert>
      )}
      {!estado.email && <p className={styles.hint}>{M.SIN_EMAIL}.</p>}
      <form className={styles.form} onSubmit={enviar} noValidate>
        <TextInput
          label="Código de activación impreso"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="XXXX-XXXX-XXXX"
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" isLoading={activar.isPending}>
          Activar
        </Button>
      </form>
      {activar.isError && !error && <Alert>{errorMessage(activar.error)}</Alert>}
    </Panel>
  );
}

/**
 * 'Mi token': on the enrolled phone, the code for the chair, computed on the
 * device (offline too); elsewhere, how to enrol this phone.
 */
export function MiToken() {
  const session = useSession();
  const headingId = useId();
  // Signed in, the token kept for this affiliate; with no session (one that expired offline), the
  // one this phone keeps: it shows its code without asking the server anything.
  const enSesion = session?.kind === 'afiliado';
  const [guardado, setGuardado] = useState(() =>
    enSesion ? tokenGuardadoDe(session.token) : readTokenGuardado(),
  );
  // When this screen saved a token: only an answer read after it can say the phone is no longer the one.
  const [guardadoEn, setGuardadoEn] = useState(0);
  const estado = useToken(enSesion);
  // The server no longer knows this phone as the affiliate's (another one enrolled, or staff ended
  // it): what it keeps shows a code nobody accepts. Only a fresh, successful answer says so.
  const confirmado = estado.isSuccess && !estado.isFetching && estado.dataUpdatedAt > guardadoEn;
  const dispositivoId = estado.data?.dispositivo?.id;
  useEffect(() => {
    if (confirmado && guardado && dispositivoId !== guardado.dispositivoId) {
      forgetTokenGuardado();
      setGuardado(null);
    }
  }, [confirmado, dispositivoId, guardado]);
  const activado = (t: TokenGuardado) => {
    setGuardadoEn(Date.now());
    setGuardado(t);
  };

  if (guardado)
    return (
      <div className={styles.page}>
        <Panel className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>
            Su token
          </h2>
          <CodigoVivo token={guardado} />
          <p className={styles.hint}>
            Dígaselo al profesional cuando se lo pida para registrar la atención. No lo comparta por teléfono
            ni por mensaje: nadie de la red se lo va a pedir así.
          </p>
        </Panel>
        <p className={styles.hint}>
          Si pierde este teléfono, ingrese al portal desde otro dispositivo y cierre la sesión: el token deja
          de funcionar. También puede pedirlo en su obra social.
        </p>
      </div>
    );

  return (
    <div className={styles.page}>
      {estado.isPending && <p className={styles.hint}>Cargando…</p>}
      {estado.isError && (
        <Alert>
          {isApiError(estado.error)
            ? errorMessage(estado.error)
            : 'Sin conexión: para activar el token en este teléfono necesita conexión.'}
        </Alert>
      )}
      {estado.data && <Activar estado={estado.data} onActivado={activado} />}
    </div>
  );
}
