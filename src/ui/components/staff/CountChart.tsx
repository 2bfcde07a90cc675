/**
 * Counts as a bar chart (chart.js, loaded only by the statistics screens that import this module
 * lazily, so no other screen carries the library).
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface CountChartProps {
  bars: { label: string; count: number }[];
  label: string;
}

export default function CountChart({ bars, label }: CountChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: bars.map((b) => b.label),
        datasets: [{ label, data: bars.map((b) => b.count), backgroundColor: '#2d72d2' }],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [bars, label]);
  return (
    <div style={{ height: 220 }} data-testid="count-chart">
      <canvas ref={canvas} aria-label={label} role="img" />
    </div>
  );
}
