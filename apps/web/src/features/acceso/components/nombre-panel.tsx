import { zodResolver } from '@hookform/resolvers/zod';
import { type CuentaNombre, cuentaNombreSchema, MESSAGES } from '@red-dental/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useSession } from '@/lib/session.ts';
import { useUpdateOwnNombre } from '../api/update-own-nombre.ts';
import styles from './nombre-panel.module.css';

type NombreValues = z.input<typeof cuentaNombreSchema>;

/**
 * 'Mi cuenta''s name, for staff accounts: how others see them (the header,
 * Usuarios, Auditoría, the invitations they send). The first administrator
 * starts without one. A professional's name is their profile's, so the panel
 * is not shown to them.
 */
export function NombrePanel() {
  const session = useSession();
  const user = session?.kind === 'staff' ? session.user : null;
  const toast = useToast();
  const save = useUpdateOwnNombre();
  const form = useForm<NombreValues, unknown, CuentaNombre>({
    resolver: zodResolver(cuentaNombreSchema),
    defaultValues: { nombre: user?.nombre ?? '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const saved = user?.nombre ?? '';

  // The stored name, and the server's confirmation of it, are what the field starts from.
  useEffect(() => {
    reset({ nombre: saved });
  }, [saved, reset]);

  if (!user || user.professionalName) return null;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(MESSAGES.acceso.NOMBRE_SAVED),
      onError: (error) => applyServerErrors(form, error),
    }),
  );
  const failure =
    save.error && !(isApiError(save.error) && save.error.fields) ? errorMessage(save.error) : null;

  return (
    <Panel className={styles.panel} aria-labelledby="nombre-heading">
      <h2 id="nombre-heading" className={styles.heading}>
        Su nombre
      </h2>
      <p className={styles.text}>
        {saved
          ? 'Así lo ven los demás en Usuarios y en Auditoría, y así firma las invitaciones que envía.'
          : 'Su cuenta todavía no tiene nombre: los demás ven solo su email. Ingrese su nombre para que figure en Usuarios, en Auditoría y en las invitaciones que envíe.'}
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label="Nombre"
          autoComplete="name"
          className={styles.field}
          error={errors.nombre?.message}
          {...register('nombre')}
        />
        <Button type="submit" variant="secondary" isLoading={save.isPending}>
          Guardar nombre
        </Button>
      </form>
      {failure && <Alert>{failure}</Alert>}
    </Panel>
  );
}
