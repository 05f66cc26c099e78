import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxGroup, type CheckboxGroupProps } from './checkbox-group.tsx';

const ZONAS = [
  { value: 5, label: '3 - Norte' },
  { value: 6, label: 'Sur - 4' },
];

function Harness(props: Partial<CheckboxGroupProps<number>>) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <CheckboxGroup
      legend="Zonas"
      options={ZONAS}
      value={value}
      {...props}
      onChange={(next, changed) => {
        setValue(next);
        props.onChange?.(next, changed);
      }}
    />
  );
}

describe('CheckboxGroup', () => {
  it('is a group named by its legend, and reports the ticked values and the box that changed', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Zonas' });
    expect(group).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sur - 4' }));
    expect(onChange).toHaveBeenLastCalledWith([6], { value: 6, isChecked: true });
    await userEvent.click(screen.getByRole('checkbox', { name: '3 - Norte' }));
    expect(onChange).toHaveBeenLastCalledWith([6, 5], { value: 5, isChecked: true });
    expect(screen.getByRole('checkbox', { name: '3 - Norte' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sur - 4' }));
    expect(onChange).toHaveBeenLastCalledWith([5], { value: 6, isChecked: false });
    expect(screen.getByRole('checkbox', { name: 'Sur - 4' })).not.toBeChecked();
  });

  it('describes the group with its hint and its error, which is announced', () => {
    render(<Harness hint="Sin ninguna marcada, la reciben todas." error="Elija al menos una zona" />);
    const group = screen.getByRole('group', { name: 'Zonas' });
    expect(group).toHaveAccessibleDescription(
      'Sin ninguna marcada, la reciben todas. Elija al menos una zona',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Elija al menos una zona');
  });

  it('keeps a hidden legend as the name, and gives its ref to the first box', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Harness hideLegend ref={ref} />);
    expect(screen.getByRole('group', { name: 'Zonas' })).toBeInTheDocument();
    expect(ref.current).toBe(screen.getByRole('checkbox', { name: '3 - Norte' }));
  });
});
