import {
  type DestinatarioTipo,
  type NotificacionCategoria,
  type NotificacionForm,
  notificacionFormSchema,
  type ProfesionalOption,
} from '@red-dental/contracts';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { SendNotificacionRequest } from '../api/send-notificacion.ts';

/**
 * What the send form holds: the fields of the contract's multipart form, with
 * room for what is not chosen yet (category, file, recipient type), the PDF
 * itself rather than its name, and the picked professionals whole, for their
 * chips.
 */
export interface NotificacionDraft
  extends Omit<NotificacionForm, 'category' | 'pdfs' | 'destinatario' | 'profesionales'> {
  category: NotificacionCategoria | '';
  pdfs: File | null;
  destinatario: DestinatarioTipo | null;
  profesionales: ProfesionalOption[];
}

/** The filters a change of recipient type starts again: those of one kind mean nothing for the other. */
export const FILTER_FIELDS = ['obrasSociales', 'zonas', 'especialidades', 'profesionales'] as const;

export const EMPTY_DRAFT: NotificacionDraft = {
  title: '',
  category: '',
  pdfs: null,
  destinatario: null,
  obrasSociales: [],
  zonas: [],
  especialidades: [],
  profesionales: [],
};

/**
 * The order the form reports what is missing: the spec's four alerts (título,
 * PDF, categoría, destinatario), then the API's rules on the filters.
 */
export const ALERT_ORDER = [
  'title',
  'pdfs',
  'category',
  'destinatario',
  ...FILTER_FIELDS,
] as const satisfies readonly (keyof NotificacionDraft)[];

/**
 * Validates the draft with the API's own schema, given the fields as the
 * multipart request sends them: the file as its name (what the route parses)
 * and the professionals as their ids. The valid result is the send request,
 * with the file itself.
 */
export const notificacionDraftResolver: Resolver<
  NotificacionDraft,
  unknown,
  SendNotificacionRequest
> = async (draft) => {
  const result = notificacionFormSchema.safeParse({
    ...draft,
    pdfs: draft.pdfs?.name,
    destinatario: draft.destinatario ?? undefined,
    profesionales: draft.profesionales.map((p) => p.id),
  });
  if (result.success && draft.pdfs) return { values: { ...result.data, pdfs: draft.pdfs }, errors: {} };
  const errors: Partial<Record<keyof NotificacionDraft, FieldError>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in draft)
      errors[field as keyof NotificacionDraft] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<NotificacionDraft> };
};
