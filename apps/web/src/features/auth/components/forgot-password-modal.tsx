import { zodResolver } from '@hookform/resolvers/zod';
import { recoverPasswordSchema } from '@red-dental/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRecoverPassword } from '../api/recover-password.ts';
import styles from './auth-form.module.css';

type RecoverPasswordValues = z.input<typeof recoverPasswordSchema>;

/** 'Olvide mi Contraseña': asks for the e-mail that will receive the restore link. */
export function ForgotPasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const recover = useRecoverPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RecoverPasswordValues, unknown, z.output<typeof recoverPasswordSchema>>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    recover.mutate(values, {
      onSuccess: () => {
        toast.success('Le enviamos un e-mail con el enlace para recuperar su contraseña.');
        close();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );

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
        <Button type="submit" size="full" isLoading={recover.isPending}>
          Enviar
        </Button>
      </form>
    </Modal>
  );
}
