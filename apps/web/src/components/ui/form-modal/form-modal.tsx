import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@red-dental/contracts';
import { type ReactNode, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { Alert } from '../alert/index.ts';
import { Button } from '../button/index.ts';
import { Modal, type ModalProps } from '../modal/index.ts';
import styles from './form-modal.module.css';

interface FormModalBaseProps<TValues extends FieldValues, TOutput> {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line above the fields on what the form does. */
  description?: ReactNode;
  /** The values each opening starts from. */
  defaultValues: DefaultValues<TValues>;
  /**
   * Sends the checked values (a mutation's `mutateAsync`, then whatever the
   * caller does on success, such as a toast and `onClose`). A rejection is the
   * refusal the dialog shows.
   */
  onSubmit: (values: TOutput) => Promise<unknown>;
  submitLabel: ReactNode;
  /** 'alert' for a submit that takes something away. */
  submitVariant?: 'primary' | 'alert';
  /** The fields, given the form (`register`, `control`, `formState.errors`…). */
  children: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode;
  /**
   * Puts a refusal under the fields it concerns and says whether it placed
   * any; `applyServerErrors` unless the form names its fields otherwise.
   */
  placeServerErrors?: (form: UseFormReturn<TValues, unknown, TOutput>, error: unknown) => boolean;
  /**
   * What the alert at the bottom of the form says after a refusal, given
   * whether a field already shows it; nothing for no alert (for instance when
   * the caller tells it in a toast). By default the error's own message, when
   * no field took it.
   */
  onFailure?: (error: unknown, placedOnFields: boolean) => ReactNode;
  /** Checks the values as they are typed, and keeps the submit button off while a field is refused. */
  checkWhileTyping?: boolean;
  size?: ModalProps['size'];
  /** A click outside closes the dialog unless this is false; never while it is sending. */
  closeOnOutsideClick?: boolean;
  /** The form's layout, when its fields need another than a plain column. */
  className?: string;
}

/** The values' checks: the contract's schema, or a resolver built over it for a form that holds them otherwise. */
type FormModalChecks<TValues extends FieldValues, TOutput> =
  | { schema: z.ZodType<TOutput, TValues>; resolver?: never }
  | { resolver: Resolver<TValues, unknown, TOutput>; schema?: never };

export type FormModalProps<TValues extends FieldValues, TOutput = TValues> = FormModalBaseProps<
  TValues,
  TOutput
> &
  FormModalChecks<TValues, TOutput>;

/** A failed request is an Error carrying the API client's message in Spanish; one without a message gets the generic one. */
const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.UNEXPECTED;

/**
 * A modal dialog that is one form: the values checked by the contract's
 * schema, starting afresh at each opening; a refusal under the fields it
 * concerns, or in an alert when none takes it; and the footer 'Cancelar' and
 * the submit button, both held while the form is sending. The caller passes
 * the fields and the request; this makes none.
 */
export function FormModal<TValues extends FieldValues, TOutput = TValues>(
  props: FormModalProps<TValues, TOutput>,
) {
  // Mounted only while open, so each opening starts from `defaultValues` with no earlier error.
  if (!props.isOpen) return null;
  return <OpenFormModal {...props} />;
}

function OpenFormModal<TValues extends FieldValues, TOutput>({
  onClose,
  title,
  description,
  defaultValues,
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  children,
  placeServerErrors = applyServerErrors,
  onFailure,
  checkWhileTyping = false,
  size,
  closeOnOutsideClick = true,
  className,
  schema,
  resolver,
}: FormModalProps<TValues, TOutput>) {
  const formId = useId();
  const [failure, setFailure] = useState<ReactNode>(null);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: resolver ?? zodResolver(schema!),
    defaultValues,
    mode: checkWhileTyping ? 'onChange' : 'onSubmit',
  });
  const { isSubmitting, errors } = form.formState;
  const isRefused = checkWhileTyping && Object.keys(errors).length > 0;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = placeServerErrors(form, error);
      setFailure(onFailure ? onFailure(error, placed) : placed ? null : messageOf(error));
    }
  });

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      size={size}
      closeOnOutsideClick={closeOnOutsideClick && !isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={submitVariant}
            isLoading={isSubmitting}
            disabled={isRefused}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={className ?? styles.form} onSubmit={submit} noValidate>
        {description && <p className={styles.description}>{description}</p>}
        {children(form)}
        {failure ? <Alert>{failure}</Alert> : null}
      </form>
    </Modal>
  );
}
