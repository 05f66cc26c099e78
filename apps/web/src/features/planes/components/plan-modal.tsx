import { type Plan, planFormSchema } from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Select, type SelectOption } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useSavePlan } from '../api/save-plan.ts';

/** 'Nuevo plan' or 'Editar plan': its insurer (fixed once created), the code on the card and its name. */
export function PlanModal({
  plan,
  obrasSociales,
  onClose,
  onSaved,
}: {
  plan: Plan | null;
  obrasSociales: readonly SelectOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useSavePlan();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title={plan ? 'Editar plan' : 'Nuevo plan'}
      schema={planFormSchema}
      defaultValues={{
        obraSocialId: plan ? String(plan.obraSocial.id) : '',
        codigo: plan?.codigo ?? '',
        nombre: plan?.nombre ?? '',
      }}
      submitLabel={plan ? 'Guardar' : 'Crear plan'}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: plan?.id });
        onSaved();
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Select
            label="Obra social"
            placeholder="Elija la obra social"
            options={obrasSociales}
            disabled={plan !== null}
            hint={plan ? 'Un plan no cambia de obra social' : undefined}
            error={errors.obraSocialId?.message}
            {...register('obraSocialId')}
          />
          <TextInput
            label="Código"
            autoComplete="off"
            hint="Como figura en la credencial, por ejemplo 210 o PMO-PLUS"
            error={errors.codigo?.message}
            {...register('codigo')}
          />
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
        </>
      )}
    </FormModal>
  );
}
