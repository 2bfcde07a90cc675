/**
 * The score distribution as a bar chart (chart.js, loaded only by the statistics screen: this
 * module is imported lazily, so no other screen carries the library).
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface ScoreChartProps {
  buckets: { from: number; to: number; count: number }[];
  label: string;
}

export default function ScoreChart({ buckets, label }: ScoreChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: buckets.map((b) => `${b.from}–${b.to}`),
        datasets: [{ label, data: buckets.map((b) => b.count), backgroundColor: '#2d72d2' }],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [buckets, label]);
  return (
    <div style={{ height: 220 }} data-testid="score-chart">
      <canvas ref={canvas} aria-label={label} role="img" />
    </div>
  );
}
