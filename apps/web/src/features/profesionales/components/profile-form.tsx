import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { UnsavedChangesPrompt } from '@/components/ui/unsaved-changes-prompt/index.ts';
import { GuardiasModal } from './guardias-modal.tsx';
import styles from './profile-form.module.css';
import type { ProfileFormValues } from './profile-form-values.ts';

/**
 * The frame both profile screens put their sections in: the form and its
 * panel, the 'Guardias' dialog, and the question before leaving changes unsaved.
 */
export function ProfileForm({
  form,
  onSubmit,
  labelledBy,
  isEditing,
  isDirty,
  isGuardiasOpen,
  onCloseGuardias,
  children,
}: {
  form: UseFormReturn<ProfileFormValues>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the screen's heading. */
  labelledBy: string;
  isEditing: boolean;
  isDirty: boolean;
  isGuardiasOpen: boolean;
  onCloseGuardias: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className={styles.form} aria-labelledby={labelledBy}>
          <Panel className={styles.panel}>{children}</Panel>
          <GuardiasModal isOpen={isGuardiasOpen} onClose={onCloseGuardias} isEditing={isEditing} />
        </form>
      </FormProvider>
      <UnsavedChangesPrompt when={isEditing && isDirty} />
    </>
  );
}

/** The dialog a successful save opens; the profile is back in view mode behind it. */
export function SavedDialog({
  isOpen,
  onClose,
  title,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      tone="success"
      size="sm"
      footer={<Button onClick={onClose}>Aceptar</Button>}
    >
      {children}
    </Modal>
  );
}
