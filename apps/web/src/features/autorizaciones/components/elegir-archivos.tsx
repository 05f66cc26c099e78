import { ADJUNTOS, type Adjunto, MAX_ADJUNTO_BYTES, tipoDeAdjunto } from '@red-dental/contracts';
import { useState } from 'react';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import listPage from '@/styles/list-page.module.css';
import styles from './autorizaciones.module.css';

/** A file picked for a request, with what it is. */
export interface Elegido {
  file: File;
  tipo: Adjunto;
}

const TIPO_OPTIONS = ADJUNTOS.map((a) => ({ value: a, label: tipoDeAdjunto(a) }));
const ACEPTA = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';
const MB = 1024 * 1024;

/**
 * The files of a request: a photo taken with the phone's camera (an X-ray on
 * the light box, the mouth) or a file chosen (a scanned X-ray, a budget in
 * PDF), each with what it is. What weighs over 10 MB is refused here already;
 * what a file really is the server tells by its bytes.
 */
export function ElegirArchivos({
  elegidos,
  onChange,
}: {
  elegidos: readonly Elegido[];
  onChange: (elegidos: Elegido[]) => void;
}) {
  const [error, setError] = useState<{ desde: 'camara' | 'archivo'; texto: string }>();
  const agregar = (file: File | null, tipo: Adjunto, desde: 'camara' | 'archivo') => {
    if (!file) return;
    if (file.size > MAX_ADJUNTO_BYTES)
      return setError({
        desde,
        texto: `${file.name} pesa ${(file.size / MB).toFixed(1).replace('.', ',')} MB: cada archivo puede pesar hasta 10 MB`,
      });
    setError(undefined);
    onChange([...elegidos, { file, tipo }]);
  };
  return (
    <fieldset className={styles.archivos}>
      <legend>Radiografías, fotos y documentos</legend>
      <div className={styles.pickers}>
        <FilePicker
          label="Desde el celular"
          accept="image/*"
          capture="environment"
          buttonText="Sacar foto"
          file={null}
          onChange={(f) => agregar(f, 'rx_pre', 'camara')}
          error={error?.desde === 'camara' ? error.texto : undefined}
        />
        <FilePicker
          label="Desde los archivos"
          accept={ACEPTA}
          buttonText="Elegir archivo"
          file={null}
          onChange={(f) => agregar(f, f?.type === 'application/pdf' ? 'presupuesto' : 'rx_pre', 'archivo')}
          hint="JPEG, PNG o PDF, hasta 10 MB cada uno"
          error={error?.desde === 'archivo' ? error.texto : undefined}
        />
      </div>
      {elegidos.length > 0 && (
        <ul className={styles.elegidos}>
          {elegidos.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be picked twice; its place names it.
            <li key={i} className={styles.elegido}>
              <span className={styles.nombreArchivo}>{e.file.name}</span>
              <Select
                label={`Qué es ${e.file.name}`}
                hideLabel
                options={TIPO_OPTIONS}
                value={e.tipo}
                onChange={(ev) =>
                  onChange(elegidos.map((x, j) => (j === i ? { ...x, tipo: ev.target.value as Adjunto } : x)))
                }
              />
              <button
                type="button"
                className={`${listPage.iconButton} ${listPage.iconButtonDanger}`}
                aria-label={`Quitar ${e.file.name}`}
                title="Quitar"
                onClick={() => onChange(elegidos.filter((_, j) => j !== i))}
              >
                <TrashIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
