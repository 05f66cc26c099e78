import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChartProps {
  /** Said by screen readers instead of the drawing (the figures are also in a table beside it). */
  label: string;
  bars: readonly { label: string; value: number }[];
}

/**
 * Horizontal bars drawn by Chart.js, a module of this screen alone (loaded
 * with it). The canvas is an image with a name; the numbers are in the table.
 */
export default function BarChart({ label, bars }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const brand =
      getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim() || '#b3141c';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: bars.map((b) => b.label),
        datasets: [
          { data: bars.map((b) => b.value), backgroundColor: brand, borderRadius: 4, maxBarThickness: 28 },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: 'es-AR',
        plugins: { legend: { display: false }, tooltip: { enabled: true } },
        scales: {
          x: { beginAtZero: true, ticks: { precision: 0 } },
          y: {
            ticks: {
              // A long name is shortened to fit a phone's width (the tooltip and the table say it whole).
              callback(value) {
                const text = this.getLabelForValue(Number(value));
                const max = this.chart.width < 480 ? 14 : 30;
                return text.length > max ? `${text.slice(0, max - 1)}…` : text;
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [bars]);
  return (
    <div style={{ position: 'relative', height: `${Math.max(120, bars.length * 36 + 40)}px` }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
