import { z } from 'zod';
import * as MESSAGES from './messages/index.ts';

// ---------------------------------------------------------------------------
// Lists taken out to a spreadsheet: ?formato=csv|xlsx&separador=;
// ---------------------------------------------------------------------------

export const EXPORT_FORMATOS = ['csv', 'xlsx'] as const;
export type ExportFormato = (typeof EXPORT_FORMATOS)[number];

export const EXPORT_SEPARADORES = [',', ';'] as const;
export type ExportSeparador = (typeof EXPORT_SEPARADORES)[number];

/**
 * How a list is exported: CSV (UTF-8 with a byte order mark, `,` or the `;`
 * that spreadsheets set up for Spanish expect) or an Excel workbook.
 */
export const exportFormatSchema = z.object({
  formato: z.enum(EXPORT_FORMATOS, { error: MESSAGES.EXPORT_FORMAT_INVALID }).default('csv'),
  separador: z.enum(EXPORT_SEPARADORES, { error: MESSAGES.EXPORT_SEPARATOR_INVALID }).default(','),
});
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export interface ExportOption {
  label: string;
  formato: ExportFormato;
  separador: ExportSeparador;
}

/** The choices the screens offer, in order. */
export const EXPORT_OPTIONS: readonly ExportOption[] = [
  { label: 'Excel (.xlsx)', formato: 'xlsx', separador: ',' },
  { label: 'CSV separado por punto y coma (Excel en español)', formato: 'csv', separador: ';' },
  { label: 'CSV separado por comas', formato: 'csv', separador: ',' },
];
