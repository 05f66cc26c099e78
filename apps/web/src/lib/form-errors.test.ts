import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors } from './form-errors.ts';

interface Values {
  nombre: string;
  documento: string;
  obraSocial: { id: string };
}

function renderForm() {
  return renderHook(() =>
    useForm<Values>({ defaultValues: { nombre: '', documento: '', obraSocial: { id: '' } } }),
  );
}

describe('applyServerErrors', () => {
  it('puts each known field of a 400 under its input and says it did', () => {
    const { result } = renderForm();
    const error = new ApiError('Nombre requerido', 400, 'VALIDATION', {
      nombre: 'Nombre requerido',
      documento: 'Documento inválido',
      desconocido: 'No está en el formulario',
    });

    let applied = false;
    act(() => {
      applied = applyServerErrors(result.current, error);
    });

    expect(applied).toBe(true);
    expect(result.current.getFieldState('nombre').error?.message).toBe('Nombre requerido');
    expect(result.current.getFieldState('documento').error?.message).toBe('Documento inválido');
  });

  it('follows the aliases for fields the form names otherwise', () => {
    const { result } = renderForm();
    const error = new ApiError('Obra social requerida', 400, 'VALIDATION', {
      obraSocial: 'Obra social requerida',
    });

    act(() => {
      applyServerErrors(result.current, error, { aliases: { obraSocial: 'obraSocial.id' } });
    });

    expect(result.current.getFieldState('obraSocial.id').error?.message).toBe('Obra social requerida');
  });

  it('sets nothing for errors without fields or fields the form does not hold', () => {
    const { result } = renderForm();
    expect(applyServerErrors(result.current, new ApiError('Error', 500))).toBe(false);
    expect(applyServerErrors(result.current, new Error('network'))).toBe(false);
    expect(applyServerErrors(result.current, new ApiError('x', 400, 'VALIDATION', { otro: 'x' }))).toBe(
      false,
    );
    expect(result.current.getFieldState('nombre').invalid).toBe(false);
  });
});
