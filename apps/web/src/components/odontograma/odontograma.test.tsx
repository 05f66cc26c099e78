import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { caraDeRegion, vecina } from './layout.ts';
import { type Marca, Odontograma } from './odontograma.tsx';

const MARCAS: Marca[] = [
  { pieza: 36, caras: 'O', tipo: 'existente', texto: 'obturada el 14/03/2026 por otro prestador de la red' },
  { pieza: 11, caras: '', tipo: 'necesaria', texto: 'a realizar: corona' },
];

function Editable() {
  const [seleccion, setSeleccion] = useState<{ pieza: number | null; caras: string }>({
    pieza: null,
    caras: '',
  });
  return (
    <>
      <Odontograma label="Odontograma" marcas={MARCAS} seleccion={seleccion} onSeleccion={setSeleccion} />
      <output aria-label="Elegido">{`${seleccion.pieza ?? '-'} ${seleccion.caras}`}</output>
    </>
  );
}

describe('Odontograma', () => {
  it('draws the 52 teeth in four rows, naming each tooth and face with what is on record', () => {
    render(<Odontograma label="Odontograma de Lucía" marcas={MARCAS} />);
    const chart = screen.getByRole('grid', { name: 'Odontograma de Lucía' });
    const rows = within(chart).getAllByRole('row');
    expect(rows.map((r) => within(r).getAllByRole('gridcell').length)).toEqual([16, 10, 10, 16]);
    const molar = within(chart).getByRole('gridcell', {
      name: /^Pieza 36 \(primer molar inferior izquierdo\)/,
    });
    expect(molar).toHaveAccessibleName(
      'Pieza 36 (primer molar inferior izquierdo): cara oclusal: obturada el 14/03/2026 por otro prestador de la red',
    );
    expect(within(molar).getByRole('img', { name: /cara oclusal/ })).toHaveAccessibleName(
      'Pieza 36, cara oclusal: obturada el 14/03/2026 por otro prestador de la red',
    );
    expect(within(molar).getByRole('img', { name: /cara mesial/ })).toHaveAccessibleName(
      'Pieza 36, cara mesial: sin registros',
    );
    expect(
      within(chart).getByRole('gridcell', { name: /^Pieza 11 .*pieza entera: a realizar: corona/ }),
    ).toBeInTheDocument();
  });

  it('is one tab stop: arrows move between teeth and rows, letters toggle faces, Enter chooses', async () => {
    render(<Editable />);
    await userEvent.tab();
    expect(document.activeElement).toHaveAccessibleName(/^Pieza 16 /);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Pieza 46 /);
    await userEvent.keyboard(
      '{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}',
    );
    expect(document.activeElement).toHaveAccessibleName(/^Pieza 36 /);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Elegido')).toHaveTextContent('36');
    await userEvent.keyboard('od');
    expect(screen.getByLabelText('Elegido')).toHaveTextContent('36 OD');
    await userEvent.keyboard('o');
    expect(screen.getByLabelText('Elegido')).toHaveTextContent('36 D');
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/^Pieza 48 /);
  });

  it('chooses a tooth and its faces by touch', async () => {
    render(<Editable />);
    const molar = screen.getByRole('gridcell', { name: /^Pieza 26 / });
    await userEvent.click(within(molar).getByRole('checkbox', { name: /cara mesial/ }));
    expect(screen.getByLabelText('Elegido')).toHaveTextContent('26 M');
    expect(within(molar).getByRole('checkbox', { name: /cara mesial/ })).toBeChecked();
  });
});

describe('the chart’s layout', () => {
  it('puts each face where the ficha draws it', () => {
    // The patient's right is drawn on the left: toward the middle of the chart is mesial.
    expect(caraDeRegion(16, 'derecha')).toBe('M');
    expect(caraDeRegion(26, 'izquierda')).toBe('M');
    expect(caraDeRegion(16, 'abajo')).toBe('P');
    expect(caraDeRegion(36, 'arriba')).toBe('L');
    expect(caraDeRegion(36, 'abajo')).toBe('V');
    expect(caraDeRegion(11, 'centro')).toBe('I');
    expect(caraDeRegion(75, 'centro')).toBe('O');
  });

  it('leads the arrows to the nearest tooth of the next row', () => {
    expect(vecina(11, 'ArrowDown')).toBe(51);
    expect(vecina(18, 'ArrowDown')).toBe(55);
    expect(vecina(18, 'ArrowUp')).toBe(18);
    expect(vecina(28, 'ArrowRight')).toBe(28);
    // Back from a deciduous row to the column the moves began at.
    expect(vecina(54, 'ArrowDown', 82)).toBe(85);
    expect(vecina(85, 'ArrowDown', 82)).toBe(46);
  });
});
