import { MESSAGES } from '@red-dental/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { ExportButton } from './export-button.tsx';

describe('ExportButton', () => {
  it('offers the formats a spreadsheet reads, and downloads the one chosen', async () => {
    const onExport = vi.fn(async () => undefined);
    render(<ExportButton onExport={onExport} failure={MESSAGES.EXPORT_FAILED} />);
    const button = screen.getByRole('button', { name: 'Exportar' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const formats = screen.getByRole('list', { name: 'Formato del archivo' });
    expect(formats).toHaveTextContent(
      'Excel (.xlsx)CSV separado por punto y coma (Excel en español)CSV separado por comas',
    );
    await userEvent.click(screen.getByRole('button', { name: /punto y coma/ }));
    expect(onExport).toHaveBeenCalledWith({ formato: 'csv', separador: ';' }, expect.any(Function));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('says how much has arrived while it downloads', async () => {
    let finish = () => {};
    const onExport = vi.fn((_format, onProgress: (bytes: number) => void) => {
      onProgress(3 * 1_048_576 + 200_000);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    render(<ExportButton onExport={onExport} failure={MESSAGES.EXPORT_FAILED} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByRole('button', { name: 'Exportando… 3,2 MB' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Exportar' })).toBeEnabled();
  });

  it("says the server's reason when the download fails, or the list's own message", async () => {
    const onExport = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Demasiadas solicitudes. Intente más tarde.', 429))
      .mockRejectedValueOnce(new TypeError('network'));
    render(<ExportButton onExport={onExport} failure={MESSAGES.EXPORT_FAILED} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes. Intente más tarde.');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.EXPORT_FAILED);
  });

  it('closes with Escape, back on its button, and cannot open with nothing to export', async () => {
    const { rerender } = render(<ExportButton onExport={vi.fn()} failure={MESSAGES.EXPORT_FAILED} />);
    const button = screen.getByRole('button', { name: 'Exportar' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    rerender(<ExportButton onExport={vi.fn()} failure={MESSAGES.EXPORT_FAILED} disabled />);
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
  });
});
