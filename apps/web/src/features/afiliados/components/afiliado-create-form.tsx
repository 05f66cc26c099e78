import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AfiliadoInput,
  afiliadoInputSchema,
  DOCUMENT_TYPES,
  MESSAGES,
  type ObraSocialRef,
  type Plan,
} from '@red-dental/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useCreateAfiliado } from '../api/create-afiliado.ts';
import styles from './afiliado-form.module.css';
import {
  AfiliadoFormFields,
  type AfiliadoFormValues,
  EMPTY_AFILIADO,
  showServerErrors,
  withPlanChoice,
} from './afiliado-form-fields.tsx';

const validateInput = zodResolver(afiliadoInputSchema);

import { afiliadosSearchPath } from './afiliados-search-params.ts';

/** `/afiliados/form-afiliado`: staff register one affiliate by hand. */
export function AfiliadoCreateForm({
  obrasSociales,
  planes,
  canSeeInList = true,
}: {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** Every insurer's plans, for the plan of the insurer chosen. */
  planes: readonly Plan[] | undefined;
  /** REQUIREMENTS.AFILIADOS_REGISTRY: the new affiliate can be found in the list. */
  canSeeInList?: boolean;
}) {
  const toast = useToast();
  const creation = useCreateAfiliado();
  const [created, setCreated] = useState<{ nombre: string; documento: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setFocus,
    watch,
    setValue,
    formState: { errors },
  } = useForm<AfiliadoFormValues, unknown, AfiliadoInput>({
    resolver: (values, context, options) => validateInput(withPlanChoice(values), context, options),
    defaultValues: EMPTY_AFILIADO,
  });

  const onSubmit = handleSubmit((values) => {
    setCreated(null);
    creation.mutate(values, {
      onSuccess: (afiliado) => {
        toast.success(MESSAGES.afiliados.CREATED);
        setCreated({ nombre: afiliado.nombre, documento: afiliado.documento });
        reset(EMPTY_AFILIADO);
        setFocus('nombre');
      },
      onError: (error) => {
        if (!showServerErrors({ setError, getValues }, error)) toast.error(errorMessage(error));
      },
    });
  });

  return (
    <Panel className={styles.panel} aria-labelledby="afiliado-create-heading">
      <div className={styles.intro}>
        <h2 id="afiliado-create-heading" className={styles.heading}>
          Agregar Afiliado
        </h2>
        <p className={styles.muted}>La fecha de nacimiento es opcional; los demás datos son obligatorios.</p>
      </div>
      {created && (
        <p className={styles.success} role="status">
          <CheckCircleIcon size={20} />
          {MESSAGES.afiliados.CREATED}{' '}
          {canSeeInList && (
            <Link to={afiliadosSearchPath(created.documento)}>Ver a {created.nombre} en la lista</Link>
          )}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className={styles.panelForm}>
        <AfiliadoFormFields
          register={register}
          errors={errors}
          tipos={DOCUMENT_TYPES}
          tipoDocumento={watch('tipoDocumento')}
          obrasSociales={obrasSociales}
          planes={planes}
          obraSocialId={watch('obraSocial.id')}
          onObraSocialChange={() => setValue('plan.id', '')}
        />
        <div className={styles.actions}>
          <Link to={PATHS.afiliados} className={buttonClasses({ variant: 'secondary' })}>
            Volver a la lista
          </Link>
          <Button type="submit" isLoading={creation.isPending}>
            Cargar Afiliado
          </Button>
        </div>
      </form>
    </Panel>
  );
}
