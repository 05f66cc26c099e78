import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, recoverPasswordSchema } from '@red-dental/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { recoverPassword } from '../api/recover-password.ts';
import styles from './auth-form.module.css';

type RecoverPasswordValues = z.input<typeof recoverPasswordSchema>;

/** 'Olvide mi Contraseña': asks for the e-mail that will receive the restore link. */
export function ForgotPasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RecoverPasswordValues, unknown, z.output<typeof recoverPasswordSchema>>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  // Opened from the sign-in page, which has no query cache: the form keeps its own sending state.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await recoverPassword(values);
      toast.success('Le enviamos un e-mail con el enlace para recuperar su contraseña.');
      close();
    } catch (error) {
      // The spec's words for an address with no account; other failures keep the server's.
      toast.error(isApiError(error, 404) ? MESSAGES.RECOVER_UNKNOWN_EMAIL : errorMessage(error));
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={close} title="Recuperar contraseña" size="sm">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.subtitle}>
          Ingrese el e-mail de su cuenta y le enviaremos un enlace para crear una contraseña nueva.
        </p>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          icon={<MailIcon size={18} />}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="full" isLoading={isSubmitting}>
          Enviar
        </Button>
      </form>
    </Modal>
  );
}
