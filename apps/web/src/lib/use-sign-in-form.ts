import { type FormEvent, useState, useTransition } from 'react';
import { errorMessage } from '@/lib/api-client.ts';

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The state of a sign-in form, kept with React alone: the sign-in screens are
 * the first a visitor loads, so they do without a form library
 * (docs/decisions/011-login-page-javascript-budget.md).
 * Fields are read from the form on submit; a field's error clears when it is
 * edited, and the server's answer clears when any field is.
 */
export function useSignInForm<Field extends string>({
  validate,
  submit,
}: {
  /** The message of each field that cannot be sent as it is. */
  validate: (values: Record<Field, string>) => FieldErrors<Field>;
  submit: (values: Record<Field, string>) => Promise<void>;
}) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(
      [...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : '']),
    ) as Record<Field, string>;
    const found = validate(values);
    setErrors(found);
    setServerError(null);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    startTransition(async () => {
      try {
        await submit(values);
      } catch (error) {
        setServerError(errorMessage(error));
      }
    });
  };

  /** `name` and `onChange` for the input of `field`. */
  const field = (name: Field) => ({
    name,
    onChange: () => {
      setServerError(null);
      setErrors(({ [name]: _edited, ...rest }) => rest as FieldErrors<Field>);
    },
  });

  return { onSubmit, field, errors, serverError, isPending };
}
