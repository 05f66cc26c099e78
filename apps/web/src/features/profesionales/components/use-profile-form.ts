import { zodResolver } from '@hookform/resolvers/zod';
import type { Profesional } from '@red-dental/contracts';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import {
  type ProfileFormValues,
  type ProfileMode,
  profileFormSchema,
  toFormValues,
} from './profile-form-values.ts';

/**
 * The state both profile screens share: the form over the saved record,
 * view or edit mode, Cancelar, which puts the saved values back, and the
 * 'Guardias' dialog, which a save refused for the on-call hours opens.
 */
export function useProfileForm(profesional: Profesional, mode: ProfileMode) {
  const [isEditing, setIsEditing] = useState(false);
  const [isGuardiasOpen, setIsGuardiasOpen] = useState(false);
  const form = useForm<ProfileFormValues>({
    // The contract checks; the values go out as typed (the server applies its transforms).
    resolver: zodResolver(profileFormSchema(mode), undefined, {
      raw: true,
    }) as unknown as Resolver<ProfileFormValues>,
    defaultValues: toFormValues(profesional),
  });
  const { reset } = form;
  // Read while rendering, so that the form tracks it (react-hook-form's proxy).
  const { isDirty } = form.formState;

  // A newer record (saved, reloaded, or changed by another call) is what view mode shows. Only a
  // new record resets the form: leaving edit mode resets it itself, with the record just saved.
  const isEditingRef = useRef(isEditing);
  isEditingRef.current = isEditing;
  useEffect(() => {
    if (!isEditingRef.current) reset(toFormValues(profesional));
  }, [profesional, reset]);

  return {
    form,
    isEditing,
    /** Something differs from the saved record. */
    isDirty,
    startEditing: () => setIsEditing(true),
    isGuardiasOpen,
    openGuardias: () => setIsGuardiasOpen(true),
    closeGuardias: () => setIsGuardiasOpen(false),
    /**
     * The form's submit handler: `onValid` with the values that pass the
     * checks. Refused on-call hours are in a closed dialog: it opens on them
     * (other fields take the focus themselves, and the footer says why).
     */
    handleSave: (onValid: SubmitHandler<ProfileFormValues>) =>
      form.handleSubmit(onValid, (errors) => {
        if (errors.guardias) setIsGuardiasOpen(true);
      }),
    /** Back to view mode showing `saved` (or the record as last loaded). */
    finishEditing: (saved: Profesional = profesional) => {
      reset(toFormValues(saved));
      setIsEditing(false);
    },
  };
}
