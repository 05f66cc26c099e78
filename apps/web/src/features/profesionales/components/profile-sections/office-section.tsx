import { type ReactNode, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { AddressField, useLocalityPlace } from '@/components/lookups/address-field/index.ts';
import { type Localidad, LocalityField, localidadLabel } from '@/components/lookups/locality-field/index.ts';
import { LocationMap } from '@/components/maps/location-map/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';
import { ProfileSection, type SectionProps } from './profile-section.tsx';

/** What the map says when it has neither the office nor its locality to show. */
function notFoundNotice(localidad: string): string {
  return localidad
    ? `No se encontró la localidad “${localidad}” en el mapa, que quedó en el centro de Buenos Aires. Elija su localidad en la lista de “Localidad”, o lleve el mapa hasta el consultorio, y márquelo allí.`
    : 'El mapa está en el centro de Buenos Aires. Escriba la localidad del consultorio y elíjala de la lista para llevar el mapa hasta allí.';
}

/** What the map says once it went to a locality chosen from the list. */
function chosenNotice(localidad: Localidad): string {
  return `El mapa muestra ${localidadLabel(localidad)}. Haga clic en el lugar exacto del consultorio: el centro de la localidad no es su ubicación.`;
}

/**
 * Dirección (with suggestions that fill the coordinates and the locality),
 * Piso/Depto./Extra, Localidad (with the country's list of localities), and
 * the pin on a small map that can be dragged to correct the geocoder, or
 * placed by hand where it found nothing. A locality moves the map, never the
 * pin: only an address picked or a place clicked is a place.
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
  const isPlaced = Boolean(lat && long);
  // The locality chosen from the list, while the field still holds its name.
  const [chosen, setChosen] = useState<Localidad | null>(null);
  const chosenPlace =
    chosen && chosen.nombre === localidad.trim()
      ? { lat: String(chosen.lat), lon: String(chosen.lon) }
      : null;
  // Without a pin or a chosen locality, the map opens on the locality typed, as the geocoder finds it.
  const typed = useLocalityPlace(isEditing && !isPlaced && !chosenPlace ? localidad : '');
  const near = chosenPlace ?? typed.place;
  const isLost = isEditing && !isPlaced && !near && (typed.isNotFound || !localidad.trim());
  const readOnly = !isEditing;
  const dirty = { shouldDirty: true } as const;
  const placeError = errors.ubicacionOrigen?.message ?? errors.lat?.message ?? errors.long?.message;

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
      {isEditing ? (
        <Controller
          control={control}
          name="localidad"
          render={({ field, fieldState }) => (
            <LocalityField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onSelect={setChosen}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : (
        <TextInput label="Localidad" readOnly {...register('localidad')} />
      )}
      <div className={fieldGrid.wide}>
        <LocationMap
          lat={lat}
          long={long}
          editable={isEditing}
          near={near}
          notice={
            isLost
              ? notFoundNotice(localidad.trim())
              : chosen && chosenPlace
                ? chosenNotice(chosen)
                : undefined
          }
          error={placeError}
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
