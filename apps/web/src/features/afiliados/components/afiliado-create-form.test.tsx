import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AfiliadoCreateForm } from './afiliado-create-form.tsx';

const OBRAS_SOCIALES = [
  { id: 1, nombre: 'OSDE' },
  { id: 2, nombre: 'IOMA' },
];

const PLANES = [
  { id: 5, codigo: '210', nombre: 'Plan 210', obraSocial: OBRAS_SOCIALES[0]!, reglas: 3, afiliados: 0 },
  { id: 6, codigo: 'A1', nombre: 'Plan Azul', obraSocial: OBRAS_SOCIALES[1]!, reglas: 2, afiliados: 0 },
];

function renderForm() {
  return renderWithProviders(<AfiliadoCreateForm obrasSociales={OBRAS_SOCIALES} planes={PLANES} />, {
    route: '/afiliados/form-afiliado',
  });
}

async function fillValid(documento = '30.123.456') {
  await userEvent.type(screen.getByLabelText('Nombre Completo'), 'María Gómez');
  await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'DNI');
  await userEvent.type(screen.getByLabelText('Número de Documento'), documento);
  await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'IOMA');
}

describe('AfiliadoCreateForm', () => {
  it('offers the five document types and asks for every required field', async () => {
    const { requests } = mockApi({});
    renderForm();
    const tipos = screen.getAllByRole('option').map((o) => o.textContent);
    expect(tipos).toEqual(expect.arrayContaining(['DNI', 'Pasaporte', 'LE', 'LC', 'CI']));

    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliado' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El tipo de documento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El número de documento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La obra social es obligatoria')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('checks a DNI has 6 to 9 digits before sending it', async () => {
    mockApi({});
    renderForm();
    await fillValid('123');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliado' }));
    expect(await screen.findByText(MESSAGES.afiliados.DOCUMENTO_DIGITS)).toBeInTheDocument();
  });

  it('sends the affiliate, says so and empties the form', async () => {
    const { requests } = mockApi({
      'POST /api/afiliados': [
        201,
        {
          id: 9,
          nombre: 'María Gómez',
          tipoDocumento: 'DNI',
          documento: '30123456',
          fecha_nacimiento: null,
          obraSocial: { id: 2, nombre: 'IOMA' },
          plan: null,
          numeroAfiliado: null,
          fechaAlta: null,
          fechaBaja: null,
        },
      ],
    });
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliado' }));
    expect(await screen.findAllByText('Afiliado cargado correctamente.')).not.toHaveLength(0);
    expect(requests[0]!.body).toEqual({
      nombre: 'María Gómez',
      tipoDocumento: 'DNI',
      documento: '30123456',
      fecha_nacimiento: null,
      obraSocial: { id: 2 },
      plan: null,
      numeroAfiliado: '',
      fechaAlta: '',
    });
    expect(screen.getByLabelText('Nombre Completo')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Ver a María Gómez en la lista' })).toHaveAttribute(
      'href',
      '/afiliados?search=30123456',
    );
  });

  it('shows a duplicate document under the document field', async () => {
    mockApi({ 'POST /api/afiliados': [409, { error: MESSAGES.afiliados.DUPLICATE, code: 'CONFLICTO' }] });
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliado' }));
    expect(await screen.findByText('Ya existe un afiliado con ese documento')).toBeInTheDocument();
    expect(screen.getByLabelText('Número de Documento')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nombre Completo')).toHaveValue('María Gómez');
  });

  it('offers the plans of the insurer chosen, drops the plan when the insurer changes, and sends plan, number and fecha de alta', async () => {
    const { requests } = mockApi({ 'POST /api/afiliados': [400, { error: 'x' }] });
    renderForm();
    const plan = screen.getByLabelText('Plan');
    expect(plan).toBeDisabled();
    await fillValid();
    expect(plan).toBeEnabled();
    expect(
      within(plan)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([MESSAGES.afiliados.SIN_PLAN, 'Plan Azul (A1)']);
    await userEvent.selectOptions(plan, 'Plan Azul (A1)');
    await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'OSDE');
    expect(plan).toHaveValue('');
    await userEvent.selectOptions(plan, 'Plan 210 (210)');
    await userEvent.type(screen.getByLabelText('Número de Afiliado'), '60-123456-01');
    await userEvent.type(screen.getByLabelText('Fecha de Alta'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliado' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({
      obraSocial: { id: 1 },
      plan: { id: 5 },
      numeroAfiliado: '60-123456-01',
      fechaAlta: '2026-03-01',
    });
  });
});
