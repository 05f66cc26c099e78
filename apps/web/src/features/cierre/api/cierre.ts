import {
  type CierreInput,
  type ExportFormat,
  FILE_LINK_TTL_SECONDS,
  type Liquidacion,
  type LiquidacionFila,
  type Lote,
  liquidacionFilaSchema,
  liquidacionSchema,
  loteSchema,
  networkClock,
  type PeriodoDetalle,
  type PeriodoResumen,
  periodoDetalleSchema,
  periodoResumenSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { apiDownload, apiExport } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const cerrado = periodoResumenSchema.extend({ message: z.string() });

/** `GET /api/periodos`: every closed month and every month with lines waiting, newest first. */
export function usePeriodos() {
  return useQuery({
    queryKey: queryKeys.cierre.periodos,
    queryFn: ({ signal }): Promise<PeriodoResumen[]> =>
      apiRequest('periodos', { signal, schema: z.array(periodoResumenSchema) }),
  });
}

/** `GET /api/periodos/{periodo}`: a month's figures and its closing's alarms. */
export function usePeriodo(periodo: string) {
  return useQuery({
    queryKey: queryKeys.cierre.periodo(periodo),
    queryFn: ({ signal }): Promise<PeriodoDetalle> =>
      apiRequest(`periodos/${periodo}`, { signal, schema: periodoDetalleSchema }),
  });
}

/** Any step of a month's closing changes the months, settlements, lots, lines and the dashboard alike. */
export function useRefrescar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.cierre.all }),
      queryClient.invalidateQueries({ queryKey: ['tablero'] }),
    ]);
}

/** `POST /api/periodos/{periodo}/cierre`. */
export function useCerrarPeriodo() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ periodo, ...body }: CierreInput & { periodo: string }) =>
      apiRequest(`periodos/${periodo}/cierre`, { method: 'POST', body, schema: cerrado }),
    onSettled: refrescar,
  });
}

/** `GET /api/liquidaciones`: a dentist's own, or staff's by month and dentist. */
export function useLiquidaciones(query: { periodo?: string; profesional?: number }) {
  return useQuery({
    queryKey: queryKeys.cierre.liquidaciones(query),
    queryFn: ({ signal }): Promise<LiquidacionFila[]> =>
      apiRequest('liquidaciones', { signal, schema: z.array(liquidacionFilaSchema), query: { ...query } }),
  });
}

/** `GET /api/liquidaciones/{id}`: one settlement, line by line. */
export function useLiquidacion(id: number | null) {
  return useQuery({
    queryKey: queryKeys.cierre.liquidacion(id ?? 0),
    queryFn: ({ signal }): Promise<Liquidacion> =>
      apiRequest(`liquidaciones/${id}`, { signal, schema: liquidacionSchema }),
    enabled: id !== null,
    // The statement's link is signed for a while: read again at half of it, a page left open keeps a
    // link that opens (and shows the statement once published).
    refetchInterval: (FILE_LINK_TTL_SECONDS / 2) * 1000,
  });
}

/** `GET /api/lotes`: the insurers' lots of a month. */
export function useLotes(query: { periodo?: string }) {
  return useQuery({
    queryKey: queryKeys.cierre.lotes(query),
    queryFn: ({ signal }): Promise<Lote[]> =>
      apiRequest('lotes', { signal, schema: z.array(loteSchema), query: { ...query } }),
  });
}

/** `PUT /api/liquidaciones/{id}/pago` or `PUT /api/lotes/{id}/pago`: the day it was paid. */
export function useRegistrarPago(que: 'liquidaciones' | 'lotes') {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ id, pagadoEl }: { id: number; pagadoEl: string }) =>
      apiRequest<{ message: string }>(`${que}/${id}/pago`, { method: 'PUT', body: { pagadoEl } }),
    onSettled: refrescar,
  });
}

/** `GET /api/lotes/{id}/export` as CSV or XLSX: the lot's detail for the insurer. */
export function exportLote(lote: Lote, format: ExportFormat, onProgress: (bytes: number) => void) {
  return apiExport(`lotes/${lote.id}/export`, { name: `lote-${lote.numeroFactura}`, format, onProgress });
}

/** The same detail as a FHIR R4 Bundle of Claims. */
export function exportLoteFhir(lote: Lote) {
  const day = networkClock(new Date()).date;
  return apiDownload(`lotes/${lote.id}/export`, {
    query: { formato: 'fhir' },
    fileName: `lote-${lote.numeroFactura}-${day}.fhir.json`,
  });
}

/**
 * `PUT /api/notificaciones/read` when the dentist opens her statement: the
 * notification that published it is read, and staff see when.
 */
export function useAbrirEstadoDeCuenta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificacionId: number) =>
      apiRequest('notificaciones/read', { method: 'PUT', body: { notificacionId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cierre.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.all }),
      ]),
  });
}
