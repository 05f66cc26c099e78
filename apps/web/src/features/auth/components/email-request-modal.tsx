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
import styles from './auth-form.module.css';

type EmailValues = z.input<typeof recoverPasswordSchema>;

export interface EmailRequestModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** Asks the server to mail a link; resolves with what to tell the person. */
  send: (email: string) => Promise<string>;
  /** The words for a refusal, when they are not the server's own. */
  describeError?: (error: unknown) => string;
}

/**
 * A modal asking for an e-mail address that will receive a link (password
 * recovery, a new sign-up confirmation). Opened from the sign-in page, which
 * has no query cache: the form keeps its own sending state.
 */
export function EmailRequestModal({
  isOpen,
  onClose,
  title,
  intro,
  send,
  describeError = errorMessage,
}: EmailRequestModalProps) {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues, unknown, z.output<typeof recoverPasswordSchema>>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      toast.success(await send(email));
      close();
    } catch (error) {
      toast.error(describeError(error));
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={close} title={title} size="sm">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.subtitle}>{intro}</p>
        <TextInput
          label="Email"
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
