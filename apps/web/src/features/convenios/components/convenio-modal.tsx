import { type Convenio, type ConvenioForm, convenioFormSchema, formatImporte } from '@red-dental/contracts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Select, type SelectOption } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useSaveConvenio } from '../api/save-convenio.ts';
import styles from './convenios.module.css';

const valuesOf = (c: Convenio | null): ConvenioForm => ({
  obraSocialId: c ? String(c.obraSocial.id) : '',
  nombre: c?.nombre ?? '',
  vigenteDesde: c?.vigenteDesde ?? '',
  vigenteHasta: c?.vigenteHasta ?? '',
  diaCierre: c ? String(c.diaCierre) : '25',
  plazoPresentacionDias: c ? String(c.plazoPresentacionDias) : '60',
  plazoRefacturacionDias: c ? String(c.plazoRefacturacionDias) : '30',
  plazoUrgenciaDias: c ? String(c.plazoUrgenciaDias) : '3',
  plazoAutorizacionHoras: c ? String(c.plazoAutorizacionHoras) : '48',
  vigenciaAutorizacionDias: c ? String(c.vigenciaAutorizacionDias) : '90',
  plazoRespuestaDias: c ? String(c.plazoRespuestaDias) : '15',
  requiereToken: c?.requiereToken ?? false,
  tokenBloquea: c?.tokenBloquea ?? false,
  extrapolaMuestra: c?.extrapolaMuestra ?? false,
  // The amount as it is typed: '1234,56', without the sign or the thousands' dots.
  valorUnidad: c?.valorUnidad == null ? '' : formatImporte(c.valorUnidad).replace(/^\$ /, ''),
});

/** 'Nuevo convenio' or 'Editar convenio': its insurer, dates, closing day, windows, authorizations' clock, token and unit value. */
export function ConvenioModal({
  convenio,
  obrasSociales,
  onClose,
  onSaved,
}: {
  /** The contract to change; null to create one. */
  convenio: Convenio | null;
  obrasSociales: readonly SelectOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useSaveConvenio();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title={convenio ? 'Editar convenio' : 'Nuevo convenio'}
      schema={convenioFormSchema}
      defaultValues={valuesOf(convenio)}
      submitLabel={convenio ? 'Guardar' : 'Crear convenio'}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: convenio?.id });
        onSaved();
      }}
    >
      {({ register, watch, formState: { errors } }) => (
        <>
          <Select
            label="Obra social"
            placeholder="Elija la obra social"
            options={obrasSociales}
            error={errors.obraSocialId?.message}
            {...register('obraSocialId')}
          />
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
          <div className={styles.formRow}>
            <TextInput
              label="Vigente desde"
              type="date"
              error={errors.vigenteDesde?.message}
              {...register('vigenteDesde')}
            />
            <TextInput
              label="Vigente hasta"
              type="date"
              hint="Vacío: sin fecha de fin"
              error={errors.vigenteHasta?.message}
              {...register('vigenteHasta')}
            />
          </div>
          <div className={styles.formRow}>
            <TextInput
              label="Día de cierre"
              inputMode="numeric"
              error={errors.diaCierre?.message}
              {...register('diaCierre')}
            />
            <TextInput
              label="Plazo de presentación (días)"
              inputMode="numeric"
              error={errors.plazoPresentacionDias?.message}
              {...register('plazoPresentacionDias')}
            />
            <TextInput
              label="Plazo de refacturación (días)"
              inputMode="numeric"
              error={errors.plazoRefacturacionDias?.message}
              {...register('plazoRefacturacionDias')}
            />
            <TextInput
              label="Plazo para regularizar una urgencia (días)"
              inputMode="numeric"
              hint="Una urgencia se atiende sin autorización previa y se pide dentro de este plazo"
              error={errors.plazoUrgenciaDias?.message}
              {...register('plazoUrgenciaDias')}
            />
            <TextInput
              label="Plazo de respuesta de una autorización (horas)"
              inputMode="numeric"
              hint="Lo que la obra social promete: el auditor responde antes"
              error={errors.plazoAutorizacionHoras?.message}
              {...register('plazoAutorizacionHoras')}
            />
            <TextInput
              label="Vigencia de una autorización aprobada (días)"
              inputMode="numeric"
              error={errors.vigenciaAutorizacionDias?.message}
              {...register('vigenciaAutorizacionDias')}
            />
            <TextInput
              label="Plazo para responder una observación (días)"
              inputMode="numeric"
              hint="El auditor observa una prestación presentada; sin respuesta en este plazo, se rechaza"
              error={errors.plazoRespuestaDias?.message}
              {...register('plazoRespuestaDias')}
            />
          </div>
          <TextInput
            label="Valor de la unidad ($)"
            inputMode="decimal"
            hint="Para los aranceles en unidades (U:3); vacío si todos son en pesos"
            error={errors.valorUnidad?.message}
            {...register('valorUnidad')}
          />
          <Checkbox label="Requiere el token del afiliado para validar" {...register('requiereToken')} />
          {watch('requiereToken') && (
            <Checkbox
              label="Sin el token, la atención no se valida (si no, se valida con un aviso)"
              {...register('tokenBloquea')}
            />
          )}
          <Checkbox
            label="Extrapolar lo que la auditoría debita en la muestra al azar a las prestaciones aprobadas sin auditar"
            {...register('extrapolaMuestra')}
          />
        </>
      )}
    </FormModal>
  );
}
