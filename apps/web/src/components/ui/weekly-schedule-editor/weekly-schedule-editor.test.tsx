import { type DaySchedule, emptySchedule, type Weekday, type WeeklySchedule } from '@red-dental/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WeeklyScheduleEditor, type WeeklyScheduleEditorHandle } from './weekly-schedule-editor.tsx';

const ORDER_MESSAGE = 'La hora de inicio debe ser menor a la hora de fin';

let latest: Record<Weekday, DaySchedule> | null = null;

function Editor({ initial = emptySchedule() }: { initial?: WeeklySchedule }) {
  const [value, setValue] = useState<WeeklySchedule>(initial);
  return (
    <WeeklyScheduleEditor
      legend="Horarios de atención"
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

const daySwitch = (name: string) => screen.getByRole('switch', { name });

describe('WeeklyScheduleEditor', () => {
  it('lists the days L M X J V S D, Sunday as Dom./Fer., all disabled by default', () => {
    render(<Editor />);
    const switches = screen.getAllByRole('switch');
    expect(switches.map((s) => s.closest('label')?.textContent)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Dom./Fer.',
    ]);
    for (const s of switches) expect(s).not.toBeChecked();
    expect(screen.queryAllByLabelText(/inicio del horario/)).toHaveLength(0);
  });

  it('enabling a day adds one 09:00 to 17:00 range', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Lunes'));
    expect(screen.getByLabelText('Lunes, inicio del horario 1')).toHaveValue('09:00');
    expect(screen.getByLabelText('Lunes, fin del horario 1')).toHaveValue('17:00');
    expect(latest?.L).toEqual({ enabled: true, times: [{ start: '09:00', end: '17:00' }] });
  });

  it('adds a default range to an enabled day', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Martes'));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar horario al Martes' }));
    expect(latest?.M.times).toEqual([
      { start: '09:00', end: '17:00' },
      { start: '09:00', end: '17:00' },
    ]);
  });

  it('removing the last range disables the day', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Jueves'));
    await userEvent.click(screen.getByRole('button', { name: 'Quitar horario 1 del Jueves' }));
    expect(daySwitch('Jueves')).not.toBeChecked();
    expect(latest?.J).toEqual({ enabled: false, times: [] });
  });

  it('turning a day off clears all its ranges', async () => {
    const initial: WeeklySchedule = {
      ...emptySchedule(),
      V: {
        enabled: true,
        times: [
          { start: '08:00', end: '12:00' },
          { start: '14:00', end: '18:00' },
        ],
      },
    };
    render(<Editor initial={initial} />);
    await userEvent.click(daySwitch('Viernes'));
    expect(latest?.V).toEqual({ enabled: false, times: [] });
    await userEvent.click(daySwitch('Viernes'));
    expect(latest?.V.times).toEqual([{ start: '09:00', end: '17:00' }]);
  });

  it('flags a start that is not before its end when the field loses focus, and clears it on the next edit', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Sábado'));
    const start = screen.getByLabelText('Sábado, inicio del horario 1');
    fireEvent.change(start, { target: { value: '18:00' } });
    expect(screen.queryByText(ORDER_MESSAGE)).not.toBeInTheDocument();

    fireEvent.blur(start);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(ORDER_MESSAGE);
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(ORDER_MESSAGE);
    // The message belongs to that day only.
    expect(within(start.closest('li')!).getByRole('alert')).toBe(alert);

    fireEvent.change(screen.getByLabelText('Sábado, fin del horario 1'), { target: { value: '19:00' } });
    expect(screen.queryByText(ORDER_MESSAGE)).not.toBeInTheDocument();
  });

  it('clears the message when a range is added or removed on that day', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Lunes'));
    const end = screen.getByLabelText('Lunes, fin del horario 1');
    fireEvent.change(end, { target: { value: '09:00' } });
    fireEvent.blur(end);
    expect(screen.getByText(ORDER_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar horario al Lunes' }));
    expect(screen.queryByText(ORDER_MESSAGE)).not.toBeInTheDocument();

    fireEvent.change(end, { target: { value: '08:00' } });
    fireEvent.blur(end);
    expect(screen.getByText(ORDER_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar horario 2 del Lunes' }));
    expect(screen.queryByText(ORDER_MESSAGE)).not.toBeInTheDocument();
  });

  it('accepts a valid range without complaint', async () => {
    render(<Editor />);
    await userEvent.click(daySwitch('Miércoles'));
    const start = screen.getByLabelText('Miércoles, inicio del horario 1');
    fireEvent.change(start, { target: { value: '10:30' } });
    fireEvent.blur(start);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(latest?.X.times).toEqual([{ start: '10:30', end: '17:00' }]);
  });

  it("shows the form's messages at their days, and takes the focus to a day when asked", () => {
    const editor = createRef<WeeklyScheduleEditorHandle>();
    render(
      <WeeklyScheduleEditor
        ref={editor}
        legend="Horarios de Guardias"
        value={{ V: { enabled: true, times: [{ start: '22:00', end: '06:00' }] } }}
        errors={{ V: ORDER_MESSAGE }}
      />,
    );
    const start = screen.getByLabelText('Viernes, inicio del horario 1');
    expect(start).toHaveAccessibleDescription(ORDER_MESSAGE);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => editor.current?.focusDay('V'));
    expect(start).toHaveFocus();
    // A day without ranges: its switch.
    act(() => editor.current?.focusDay('L'));
    expect(daySwitch('Lunes')).toHaveFocus();
  });

  it('read-only, lists each day as start - end or No disponible', () => {
    render(
      <WeeklyScheduleEditor
        readOnly
        legend="Horarios - Dra. Pérez"
        value={{
          L: {
            enabled: true,
            times: [
              { start: '09:00', end: '13:00' },
              { start: '15:00', end: '19:00' },
            ],
          },
          D: { enabled: true, times: [{ start: '10:00', end: '12:00' }] },
        }}
      />,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText('09:00 - 13:00')).toBeInTheDocument();
    expect(screen.getByText('15:00 - 19:00')).toBeInTheDocument();
    expect(screen.getByText('Dom./Fer.')).toBeInTheDocument();
    expect(screen.getByText('10:00 - 12:00')).toBeInTheDocument();
    expect(screen.getAllByText('No disponible')).toHaveLength(5);
  });
});
