import { ReportesQueue } from '@/features/profesionales/components/reportes-queue.tsx';

export function Component() {
  return <ReportesQueue />;
}
