import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Afiliado,
  type AfiliadoFicha,
  type AfiliadoUpdate,
  afiliadoUpdateSchema,
  editDocumentTypesFor,
  MESSAGES,
  type ObraSocialRef,
  type Plan,
} from '@red-dental/contracts';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { useAfiliadoFicha } from '../api/get-afiliado.ts';
import { useUpdateAfiliado } from '../api/update-afiliado.ts';
import { BajaSection } from './afiliado-baja-section.tsx';
import styles from './afiliado-form.module.css';
import {
  AfiliadoContactFields,
  type AfiliadoEditValues,
  AfiliadoFormFields,
  afiliadoToFormValues,
  emailShown,
  showServerErrors,
  withPlanChoice,
} from './afiliado-form-fields.tsx';

const validateUpdate = zodResolver(afiliadoUpdateSchema);

/** The edit form holds no insurer as an empty choice; the update body says it with `obraSocial: null`. */
const updateResolver: Resolver<AfiliadoEditValues, unknown, AfiliadoUpdate> = (values, context, options) =>
  validateUpdate(
    withPlanChoice({ ...values, obraSocial: values.obraSocial?.id === undefined ? null : values.obraSocial }),
    context,
    options as Parameters<typeof validateUpdate>[2],
  );

interface EditProps {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** Every insurer's plans, for the plan of the insurer chosen. */
  planes: readonly Plan[] | undefined;
  /** REQUIREMENTS.AFILIADOS_BAJA: may give the affiliate de baja, or reactivate them. */
  canDarDeBaja?: boolean;
  /** What other areas show of the record being edited (the affiliate's token), below its fields. */
  extra?: (afiliado: Afiliado) => ReactNode;
  onClose: () => void;
}

/**
 * 'Editar Afiliado' (REQUIREMENTS.AFILIADOS_EDIT); without `canEdit`, the
 * affiliate's record read-only with its state, for who only gives de baja.
 */
export function AfiliadoEditModal({
  afiliado,
  canEdit = true,
  ...props
}: EditProps & {
  afiliado: Afiliado | null;
  canEdit?: boolean;
}) {
  if (afiliado && canEdit) return <EditForm key={afiliado.id} afiliado={afiliado} {...props} />;
  return (
    <Modal
      isOpen={afiliado !== null}
      onClose={props.onClose}
      title={afiliado?.nombre ?? 'Afiliado'}
      size="lg"
      footer={
        <Button variant="secondary" onClick={props.onClose}>
          Cerrar
        </Button>
      }
    >
      {afiliado && <AfiliadoRecord key={afiliado.id} afiliado={afiliado} {...props} />}
    </Modal>
  );
}

/** The record as it is, and whether the affiliate is active (with 'Dar de baja' or 'Reactivar'). */
function AfiliadoRecord({ afiliado, canDarDeBaja = false, onClose }: EditProps & { afiliado: Afiliado }) {
  return (
    <div className={styles.panelForm}>
      <BajaSection afiliado={afiliado} canChange={canDarDeBaja} onDone={onClose} />
      <dl className={styles.record}>
        <div>
          <dt>Documento</dt>
          <dd>
            {afiliado.tipoDocumento} {afiliado.documento}
          </dd>
        </div>
        <div>
          <dt>Fecha de Nacimiento</dt>
          <dd>{formatDate(afiliado.fecha_nacimiento)}</dd>
        </div>
        <div>
          <dt>Obra Social</dt>
          <dd>{afiliado.obraSocial?.nombre ?? 'No asignada'}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            {afiliado.plan
              ? `${afiliado.plan.nombre} (${afiliado.plan.codigo})`
              : MESSAGES.afiliados.SIN_PLAN}
          </dd>
        </div>
        <div>
          <dt>Número de Afiliado</dt>
          <dd>{afiliado.numeroAfiliado ?? '—'}</dd>
        </div>
        <div>
          <dt>Fecha de Alta</dt>
          <dd>{formatDate(afiliado.fechaAlta)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** What the toast says of a save: the data, and the confirmation link when a new one went out. */
function savedMessage(saved: AfiliadoFicha, before: AfiliadoFicha | undefined): string {
  const linkSent =
    saved.emailPendiente !== null &&
    (saved.emailPendiente !== before?.emailPendiente || before.emailPendienteVencido);
  const message = `Se guardaron los datos de ${saved.nombre}`;
  return linkSent ? `${message}. Se envió un enlace de confirmación a ${saved.emailPendiente}.` : message;
}

function EditForm({
  afiliado,
  obrasSociales,
  planes,
  canDarDeBaja = false,
  extra,
  onClose,
}: EditProps & { afiliado: Afiliado }) {
  const toast = useToast();
  const update = useUpdateAfiliado();
  // E-mail and phone (and whether the e-mail is confirmed) come from the record itself, read as the modal opens.
  const fichaQuery = useAfiliadoFicha(afiliado.id);
  const ficha = fichaQuery.data;
  const tipos = useMemo(() => editDocumentTypesFor(afiliado.tipoDocumento), [afiliado.tipoDocumento]);
  // An affiliate without insurer ('No asignada') keeps that choice, so a misspelt name can be fixed on its own.
  const isUnassigned = afiliado.obraSocial === null;

  return (
    <FormModal
      isOpen
      onClose={onClose}
      title="Editar Afiliado"
      size="lg"
      // A long form: a click beside it must not throw away what was typed.
      closeOnOutsideClick={false}
      className={styles.panelForm}
      resolver={updateResolver}
      defaultValues={{ ...afiliadoToFormValues(afiliado), email: '', telefono: '' }}
      submitLabel="Guardar Afiliado"
      onSubmit={async (values) => {
        // Unread contact data is left out of the save, so the server keeps it as it is.
        const body = ficha ? values : { ...values, email: undefined, telefono: undefined };
        const saved = await update.mutateAsync({ id: afiliado.id, ...body });
        toast.success(savedMessage(saved, ficha));
        onClose();
      }}
      placeServerErrors={showServerErrors}
      onFailure={(error, placed) => {
        if (!placed) toast.error(errorMessage(error));
      }}
    >
      {(form) => (
        <>
          {(canDarDeBaja || afiliado.fechaBaja) && (
            <BajaSection afiliado={afiliado} canChange={canDarDeBaja} onDone={onClose} />
          )}
          <AfiliadoFormFields
            register={form.register}
            errors={form.formState.errors}
            tipos={tipos}
            tipoDocumento={form.watch('tipoDocumento')}
            obrasSociales={obrasSociales}
            planes={planes}
            obraSocialId={form.watch('obraSocial.id')}
            onObraSocialChange={() => form.setValue('plan.id', '')}
            canBeUnassigned={isUnassigned}
          />
          <ContactFields form={form} ficha={ficha} loadFailed={fichaQuery.isError} />
          {extra?.(afiliado)}
        </>
      )}
    </FormModal>
  );
}

/** The contact fields take the record's values once, when they arrive (they are locked until then). */
function ContactFields({
  form: { register, resetField, formState },
  ficha,
  loadFailed,
}: {
  form: UseFormReturn<AfiliadoEditValues, unknown, AfiliadoUpdate>;
  ficha: AfiliadoFicha | undefined;
  loadFailed: boolean;
}) {
  const filled = useRef(false);
  useEffect(() => {
    if (!ficha || filled.current) return;
    filled.current = true;
    resetField('email', { defaultValue: emailShown(ficha) });
    resetField('telefono', { defaultValue: ficha.telefono ?? '' });
  }, [ficha, resetField]);

  return (
    <AfiliadoContactFields
      register={register}
      errors={formState.errors}
      ficha={ficha}
      loadFailed={loadFailed}
    />
  );
}
