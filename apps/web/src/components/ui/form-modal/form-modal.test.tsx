import { especialidadInputSchema, MESSAGES } from '@red-dental/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '../button/index.ts';
import { TextInput } from '../text-input/index.ts';
import { FormModal, type FormModalProps } from './index.ts';

type Values = { nombre: string };

function Harness({
  schema = especialidadInputSchema,
  ...props
}: Partial<Omit<FormModalProps<Values>, 'schema' | 'resolver'>> & { schema?: z.ZodType<Values, Values> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Abrir</Button>
      <FormModal<Values>
        title="Nueva especialidad"
        defaultValues={{ nombre: 'Ortodoncia' }}
        onSubmit={async () => undefined}
        submitLabel="Crear especialidad"
        {...props}
        schema={schema}
        isOpen={isOpen}
        onClose={() => {
          props.onClose?.();
          setIsOpen(false);
        }}
      >
        {({ register, formState: { errors } }) => (
          <TextInput label="Nombre" error={errors.nombre?.message} {...register('nombre')} />
        )}
      </FormModal>
    </>
  );
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
  return screen.getByRole('dialog', { name: 'Nueva especialidad' });
}

async function submit(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Crear especialidad' }));
}

describe('FormModal', () => {
  it("is a titled dialog with its description, the caller's fields, 'Cancelar' and the submit button", async () => {
    const onClose = vi.fn();
    render(<Harness description="Se verá en el perfil de cada profesional." onClose={onClose} />);
    const dialog = await open();
    expect(dialog).toHaveTextContent('Se verá en el perfil de cada profesional.');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Ortodoncia');
    // The dialog's own first focus, as every modal: its close button.
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks the values with the schema before sending them, under their field', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness onSubmit={onSubmit} />);
    const dialog = await open();
    await userEvent.clear(within(dialog).getByLabelText('Nombre'));
    await submit(dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nombre')).toHaveAccessibleDescription(MESSAGES.NAME_REQUIRED),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the checked values, holding both buttons while it does', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Nombre'), '  ');
    await submit(dialog);
    // The schema's output: trimmed.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ nombre: 'Ortodoncia' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Crear especialidad' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    finish();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refusal no field takes in an alert, and stays open', async () => {
    render(
      <Harness onSubmit={() => Promise.reject(new Error('Ya existe una especialidad con ese nombre'))} />,
    );
    const dialog = await open();
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ya existe una especialidad con ese nombre',
    );
    expect(screen.getByRole('dialog', { name: 'Nueva especialidad' })).toBeInTheDocument();
  });

  it('starts each opening from its values, without the last refusal', async () => {
    render(<Harness onSubmit={() => Promise.reject(new Error('No se pudo guardar'))} />);
    let dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Nombre'), ' y más');
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo guardar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    dialog = await open();
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Ortodoncia');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts a refusal under the field it concerns, with no alert', async () => {
    const placeServerErrors = vi.fn<NonNullable<FormModalProps<Values>['placeServerErrors']>>((form) => {
      form.setError('nombre', { type: 'server', message: 'Ya existe' });
      return true;
    });
    render(
      <Harness
        onSubmit={() => Promise.reject(new Error('Ya existe'))}
        placeServerErrors={placeServerErrors}
      />,
    );
    const dialog = await open();
    await submit(dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nombre')).toHaveAccessibleDescription('Ya existe'),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says a refusal in the caller's words, or not at all", async () => {
    const onFailure = vi.fn((_error: unknown, placed: boolean) => (placed ? null : 'No se pudo crear'));
    render(<Harness onSubmit={() => Promise.reject(new Error('500'))} onFailure={onFailure} />);
    const dialog = await open();
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo crear');
    expect(onFailure).toHaveBeenCalledWith(new Error('500'), false);
  });

  it('checks while typing when asked, keeping the submit button off while a field is refused', async () => {
    const short = z.object({ nombre: z.string().max(3, 'Use 3 caracteres como máximo.') });
    render(<Harness schema={short} defaultValues={{ nombre: '' }} checkWhileTyping />);
    const dialog = await open();
    const nombre = within(dialog).getByLabelText('Nombre');
    await userEvent.type(nombre, 'abcd');
    await waitFor(() => expect(nombre).toHaveAccessibleDescription('Use 3 caracteres como máximo.'));
    expect(within(dialog).getByRole('button', { name: 'Crear especialidad' })).toBeDisabled();
    await userEvent.type(nombre, '{Backspace}');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Crear especialidad' })).toBeEnabled(),
    );
    expect(nombre).not.toHaveAccessibleDescription('Use 3 caracteres como máximo.');
  });
});
