import { type GrupoCodigos, grupoCodigosFormSchema, MESSAGES } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeleteGrupo } from '../api/delete-grupo.ts';
import { useGrupos } from '../api/get-grupos.ts';
import { useSaveGrupo } from '../api/save-grupo.ts';
import styles from './nomenclador.module.css';

const M = MESSAGES.nomenclador;

type Editing = { grupo: GrupoCodigos | null } | null;

/** The groups of codes a plan's rules name together; `canManage` creates, changes and deletes them. */
export function GruposPanel({ canManage }: { canManage: boolean }) {
  const toast = useToast();
  const grupos = useGrupos();
  const save = useSaveGrupo();
  const remove = useDeleteGrupo();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<GrupoCodigos | null>(null);

  const columns = useMemo<Column<GrupoCodigos>[]>(() => {
    const list: Column<GrupoCodigos>[] = [
      { id: 'nombre', header: 'Grupo', isPrimary: true, cell: (g) => <strong>{g.nombre}</strong> },
      {
        id: 'codigos',
        header: 'Códigos',
        isPrimary: true,
        cell: (g) => <span className={styles.codes}>{g.codigos.join(', ')}</span>,
      },
    ];
    if (canManage)
      list.push({
        id: 'acciones',
        header: <span className="sr-only">Acciones</span>,
        label: 'Acciones',
        align: 'center',
        cell: (g) => (
          <span className={styles.codes}>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Editar el grupo ${g.nombre}`}
              title="Editar"
              onClick={() => setEditing({ grupo: g })}
            >
              <PencilIcon size={18} />
            </button>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Eliminar el grupo ${g.nombre}`}
              title="Eliminar"
              onClick={() => setDeleting(g)}
            >
              <TrashIcon size={18} />
            </button>
          </span>
        ),
      });
    return list;
  }, [canManage]);

  return (
    <ListPanel
      title="Grupos de códigos"
      count={grupos.data && formatCount(grupos.data.length, 'grupo', 'grupos')}
      actions={
        canManage && (
          <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ grupo: null })}>
            Nuevo grupo
          </Button>
        )
      }
    >
      <DataTable
        paging="client"
        initialPageSize={25}
        label="Grupos de códigos"
        columns={columns}
        rows={grupos.data}
        getRowId={(g) => g.id}
        isLoading={grupos.isPending}
        error={grupos.error}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Eliminar grupo"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => toast.success(M.GRUPO_DELETED),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <p>
          ¿Eliminar el grupo «{deleting?.nombre}»? Sus códigos quedan en el nomenclador; solo deja de existir
          el grupo.
        </p>
      </ConfirmModal>
      {editing && (
        <FormModal
          isOpen
          onClose={() => setEditing(null)}
          title={editing.grupo ? 'Editar grupo' : 'Nuevo grupo'}
          schema={grupoCodigosFormSchema}
          defaultValues={{
            nombre: editing.grupo?.nombre ?? '',
            codigos: editing.grupo?.codigos.join(', ') ?? '',
          }}
          submitLabel={editing.grupo ? 'Guardar' : 'Crear grupo'}
          onSubmit={async (values) => {
            await save.mutateAsync({ ...values, id: editing.grupo?.id });
            toast.success(editing.grupo ? M.GRUPO_UPDATED : M.GRUPO_CREATED);
            setEditing(null);
          }}
        >
          {({ register, formState: { errors } }) => (
            <>
              <TextInput
                label="Nombre"
                autoComplete="off"
                error={errors.nombre?.message}
                {...register('nombre')}
              />
              <TextArea
                label="Códigos"
                hint="Separados por comas o uno por línea, por ejemplo 02.01, 02.02"
                rows={3}
                error={errors.codigos?.message}
                {...register('codigos')}
              />
            </>
          )}
        </FormModal>
      )}
    </ListPanel>
  );
}
