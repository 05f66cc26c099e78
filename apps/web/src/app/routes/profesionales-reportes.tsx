import { ReportesQueue } from '@/features/reportes/components/reportes-queue.tsx';

export function Component() {
  return <ReportesQueue />;
}
