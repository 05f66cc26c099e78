import { emailSchema } from '@red-dental/contracts';
import { z } from 'zod';
import { FormModal } from '../form-modal/index.ts';
import { MailIcon } from '../icons/index.ts';
import { TextInput } from '../text-input/index.ts';
import { useToast } from '../toast/index.ts';

const emailRequestSchema = z.object({ email: emailSchema() });

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
 * has no query cache: the caller's `send` is the request itself. What came of
 * it, sent or refused, is told in a toast.
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
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      description={intro}
      size="sm"
      schema={emailRequestSchema}
      defaultValues={{ email: '' }}
      submitLabel="Enviar"
      onSubmit={async ({ email }) => {
        toast.success(await send(email));
        onClose();
      }}
      onFailure={(error, placed) => {
        if (!placed) toast.error(describeError(error));
      }}
    >
      {({ register, formState: { errors } }) => (
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          icon={<MailIcon size={18} />}
          error={errors.email?.message}
          {...register('email')}
        />
      )}
    </FormModal>
  );
}
