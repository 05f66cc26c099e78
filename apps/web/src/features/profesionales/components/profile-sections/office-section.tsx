import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { AddressField, useLocalityPlace } from '@/components/lookups/address-field/index.ts';
import { LocationMap } from '@/components/maps/location-map/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

/**
 * Dirección (with suggestions that fill the coordinates and the locality),
 * Piso/Depto./Extra, Localidad, and the pin on a small map that can be
 * dragged to correct the geocoder, or placed by a click where it found nothing.
 */
function LocationFields({ isEditing }: SectionProps) {
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const [lat, long, localidad] = useWatch({ control, name: ['lat', 'long', 'localidad'] });
  // Without a pin, the map opens on the locality typed, where the office must be.
  const near = useLocalityPlace(isEditing && !lat && !long ? localidad : '');
  const readOnly = !isEditing;
  const dirty = { shouldDirty: true } as const;

  return (
    <div className={fieldGrid.grid}>
      {isEditing ? (
        <Controller
          control={control}
          name="direccion"
          render={({ field, fieldState }) => (
            <AddressField
              name={field.name}
              value={field.value}
              onChange={(text) => {
                field.onChange(text);
                // A typed address no longer matches the pin: it comes back with a suggestion picked.
                if (getValues('lat') !== null || getValues('long') !== null) {
                  setValue('lat', null, dirty);
                  setValue('long', null, dirty);
                  setValue('ubicacionOrigen', null, dirty);
                }
              }}
              error={fieldState.error?.message}
              hint="Escriba la calle y el número y elija una de las sugerencias."
              notFoundMessage="No se encontró esa dirección. Puede marcar el consultorio haciendo clic en el mapa."
              onSelect={(suggestion) => {
                setValue('lat', suggestion.lat, dirty);
                setValue('long', suggestion.lon, dirty);
                setValue('ubicacionOrigen', 'geocoder', dirty);
                if (suggestion.localidad) setValue('localidad', suggestion.localidad, dirty);
              }}
            />
          )}
        />
      ) : (
        <TextInput label="Dirección" readOnly {...register('direccion')} />
      )}
      <TextInput
        label="Piso/Depto./Extra"
        readOnly={readOnly}
        error={errors.depto?.message}
        {...register('depto')}
      />
      <TextInput
        label="Localidad"
        readOnly={readOnly}
        error={errors.localidad?.message}
        {...register('localidad')}
      />
      <div className={fieldGrid.wide}>
        <LocationMap
          lat={lat}
          long={long}
          editable={isEditing}
          near={near}
          label="Ubicación del consultorio en el mapa"
          onMove={(nextLat, nextLong) => {
            setValue('lat', nextLat, dirty);
            setValue('long', nextLong, dirty);
            setValue('ubicacionOrigen', 'manual', dirty);
          }}
        />
      </div>
    </div>
  );
}

/** The office: address, floor, locality and the map; `children` adds what a screen places there (the zone). */
export function OfficeSection({ isEditing, children }: SectionProps & { children?: ReactNode }) {
  return (
    <ProfileSection title="Consultorio" id="consultorio-heading">
      <LocationFields isEditing={isEditing} />
      {children}
    </ProfileSection>
  );
}
