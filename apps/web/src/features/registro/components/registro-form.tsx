import { zodResolver } from '@hookform/resolvers/zod';
import { JURISDICCIONES, MESSAGES, registroSchema } from '@red-dental/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { BriefcaseIcon, UserIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { PasswordInput, TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { PATHS } from '@/lib/paths.ts';
import styles from '@/styles/form-page.module.css';
import { useRegister } from '../api/register.ts';

type RegistroValues = z.input<typeof registroSchema>;

const EMPTY: RegistroValues = { nombre: '', email: '', password: '', razonSocial: '' };

/** Professional self-registration (`/registro`); an administrator approves it later. */
export function RegistroForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<RegistroValues, unknown, z.output<typeof registroSchema>>({
    resolver: zodResolver(registroSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(
    (values) =>
      registration.mutate(values, {
        onSuccess: () => {
          reset(EMPTY);
          setIsDone(true);
        },
        onError: (error) =>
          setFailure(
            applyServerErrors({ setError, getValues }, error)
              ? MESSAGES.FORM_HAS_ERRORS
              : errorMessage(error),
          ),
      }),
    () => setFailure(MESSAGES.FORM_HAS_ERRORS),
  );

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Registro de profesionales</h1>
        <p className={styles.subtitle}>
          Complete sus datos para sumarse a la red. Un administrador revisará su solicitud.
        </p>
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label="Nombre Completo"
          autoComplete="name"
          icon={<UserIcon size={18} />}
          error={errors.nombre?.message}
          {...register('nombre')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          icon={<MailIcon size={18} />}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextInput
          label="Razón social"
          autoComplete="organization"
          icon={<BriefcaseIcon size={18} />}
          error={errors.razonSocial?.message}
          {...register('razonSocial')}
        />
        <TextInput
          label="Matrícula"
          autoComplete="off"
          hint="Opcional. Por ejemplo: MN 12345 o MP 4567."
          error={errors.matricula?.message}
          {...register('matricula', { setValueAs: (v: string) => v.trim() || undefined })}
        />
        <Select
          label="Jurisdicción de la matrícula"
          placeholder="Opcional"
          options={JURISDICCIONES.map((j) => ({ value: j, label: j }))}
          error={errors.matriculaJurisdiccion?.message}
          {...register('matriculaJurisdiccion', { setValueAs: (v: string) => v || undefined })}
        />
        <Button type="submit" size="full" isLoading={registration.isPending}>
          Registrar
        </Button>
      </form>

      <div className={styles.footerLinks}>
        <p>
          ¿Ya tiene una cuenta? <Link to={PATHS.login}>Inicie sesión</Link>
        </p>
      </div>

      <Modal
        isOpen={isDone}
        onClose={() => setIsDone(false)}
        title="¡Registro enviado!"
        tone="success"
        size="sm"
        footer={<Button onClick={() => navigate(PATHS.login)}>Iniciar Sesión</Button>}
      >
        <p>Revise su casilla de correo para confirmación.</p>
      </Modal>

      <Modal
        isOpen={failure !== null}
        onClose={() => setFailure(null)}
        title="No se pudo completar el registro"
        tone="error"
        size="sm"
        footer={<Button onClick={() => setFailure(null)}>Entendido</Button>}
      >
        <p>{failure}</p>
      </Modal>
    </>
  );
}
