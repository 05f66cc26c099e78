import type { CartillaProfesional, ReporteInput } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { isNetworkFailure, postReport, queueReport } from './report-queue.ts';

/** What became of a report: it reached the network, or waits on the device for the connection. */
export type ReportOutcome = 'sent' | 'queued';

/**
 * `POST /api/profesionales/{id}/reportes`: the affiliate says a listing is
 * wrong (5 a day). Without a connection, or with no answer within
 * REPORT_TIMEOUT_MS, the report is kept on the device and sent when the
 * connection returns; the server's refusals (a reason too short, the day's
 * reports used up) come back as errors.
 */
export async function reportProfesional(
  profesional: Pick<CartillaProfesional, 'id' | 'nombre'>,
  body: ReporteInput,
): Promise<ReportOutcome> {
  if (globalThis.navigator?.onLine !== false) {
    try {
      await postReport(profesional.id, body.motivo);
      return 'sent';
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  await queueReport(profesional, body.motivo);
  return 'queued';
}

export function useReportProfesional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profesional, body }: { profesional: CartillaProfesional; body: ReporteInput }) =>
      reportProfesional(profesional, body),
    // Offline-ready: the mutation runs without a connection (it queues), instead of pausing.
    networkMode: 'always',
    // The affiliate's list of reports shows the new one.
    onSuccess: (outcome) => {
      if (outcome === 'sent') void queryClient.invalidateQueries({ queryKey: queryKeys.misReportes });
    },
  });
}
