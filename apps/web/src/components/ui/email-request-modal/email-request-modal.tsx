import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@red-dental/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import form from '@/styles/form-page.module.css';
import { Button } from '../button/index.ts';
import { MailIcon } from '../icons/index.ts';
import { Modal } from '../modal/index.ts';
import { TextInput } from '../text-input/index.ts';
import { useToast } from '../toast/index.ts';

const emailRequestSchema = z.object({ email: emailSchema() });
type EmailValues = z.input<typeof emailRequestSchema>;

export interface EmailRequestModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** Asks the server to mail a link; resolves with what to tell the person. */
  send: (email: string) => Promise<string>;
  /** The words for a refusal. */
  describeError: (error: unknown) => string;
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
  describeError,
}: EmailRequestModalProps) {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues, unknown, z.output<typeof emailRequestSchema>>({
    resolver: zodResolver(emailRequestSchema),
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
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <p className={form.subtitle}>{intro}</p>
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
