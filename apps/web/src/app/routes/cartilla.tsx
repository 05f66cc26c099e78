import { lazy } from 'react';
import { Cartilla } from '@/features/cartilla/components/cartilla.tsx';
import { MisReportes } from '@/features/reportes/components/mis-reportes.tsx';

// The report's form loads when first opened: it is not part of reading the list.
const ReportModal = lazy(() =>
  import('@/features/reportes/components/report-modal.tsx').then((module) => ({
    default: module.ReportModal,
  })),
);

/** `/cartilla`: the directory, with what the affiliate reports on its listings. */
export function Component() {
  return (
    <Cartilla
      renderMisReportes={(enabled) => <MisReportes enabled={enabled} />}
      renderReportModal={(profesional, onClose) => (
        <ReportModal profesional={profesional} onClose={onClose} />
      )}
    />
  );
}
