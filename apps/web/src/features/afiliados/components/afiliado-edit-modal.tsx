import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Afiliado,
  type AfiliadoUpdate,
  afiliadoUpdateSchema,
  EDIT_DOCUMENT_TYPES,
  type ObraSocialRef,
} from '@red-dental/contracts';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { useUpdateAfiliado } from '../api/update-afiliado.ts';
import { BajaSection } from './afiliado-baja-section.tsx';
import styles from './afiliado-form.module.css';
import {
  AfiliadoFormFields,
  type AfiliadoFormValues,
  afiliadoToFormValues,
  showServerErrors,
} from './afiliado-form-fields.tsx';

/** The types offered in edit: DNI and Pasaporte, plus the affiliate's own type when it is another one. */
export function editTiposFor(current: string): readonly string[] {
  const tipos: string[] = [...EDIT_DOCUMENT_TYPES];
  if (current && !tipos.includes(current)) tipos.push(current);
  return tipos;
}

const validateUpdate = zodResolver(afiliadoUpdateSchema);

/** The edit form holds no insurer as an empty choice; the update body says it with `obraSocial: null`. */
const updateResolver: Resolver<AfiliadoFormValues, unknown, AfiliadoUpdate> = (values, context, options) =>
  validateUpdate(
    { ...values, obraSocial: values.obraSocial?.id === undefined ? null : values.obraSocial },
    context,
    options as Parameters<typeof validateUpdate>[2],
  );

interface EditProps {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** REQUIREMENTS.AFILIADOS_BAJA: may give the affiliate de baja, or reactivate them. */
  canDarDeBaja?: boolean;
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
  return (
    <Modal
      isOpen={afiliado !== null}
      onClose={props.onClose}
      title={canEdit ? 'Editar Afiliado' : (afiliado?.nombre ?? 'Afiliado')}
      size="lg"
      closeOnOutsideClick={!canEdit}
      footer={
        !canEdit && (
          <Button variant="secondary" onClick={props.onClose}>
            Cerrar
          </Button>
        )
      }
    >
      {afiliado &&
        (canEdit ? (
          <EditForm key={afiliado.id} afiliado={afiliado} {...props} />
        ) : (
          <AfiliadoRecord key={afiliado.id} afiliado={afiliado} {...props} />
        ))}
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
      </dl>
    </div>
  );
}

function EditForm({
  afiliado,
  obrasSociales,
  canDarDeBaja = false,
  onClose,
}: EditProps & { afiliado: Afiliado }) {
  const toast = useToast();
  const update = useUpdateAfiliado();
  const tipos = useMemo(() => editTiposFor(afiliado.tipoDocumento), [afiliado.tipoDocumento]);
  // An affiliate without insurer ('No asignada') keeps that choice, so a misspelt name can be fixed on its own.
  const isUnassigned = afiliado.obraSocial === null;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useForm<AfiliadoFormValues, unknown, AfiliadoUpdate>({
    resolver: updateResolver,
    defaultValues: afiliadoToFormValues(afiliado),
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { id: afiliado.id, ...values },
      {
        onSuccess: (saved) => {
          toast.success(`Se guardaron los datos de ${saved.nombre}`);
          onClose();
        },
        onError: (error) => {
          if (!showServerErrors({ setError, getValues }, error)) toast.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.panelForm}>
      {(canDarDeBaja || afiliado.fechaBaja) && (
        <BajaSection afiliado={afiliado} canChange={canDarDeBaja} onDone={onClose} />
      )}
      <AfiliadoFormFields
        register={register}
        errors={errors}
        tipos={tipos}
        tipoDocumento={watch('tipoDocumento')}
        obrasSociales={obrasSociales}
        canBeUnassigned={isUnassigned}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Guardar Afiliado
        </Button>
      </div>
    </form>
  );
}
