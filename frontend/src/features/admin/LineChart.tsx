import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** A small line chart of daily values (uPlot, drawn on a canvas), as wide as its box. */
export function LineChart({
  days,
  series,
  title,
  dayLabel,
}: {
  days: string[];
  series: ChartSeries[];
  title: string;
  /** The legend's name of the x value. */
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth || 320,
        height: 180,
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: false } })),
        ],
        axes: [{ stroke: 'currentColor' }, { stroke: 'currentColor', size: 44 }],
        scales: { x: { time: true } },
        legend: { show: true },
      },
      [x, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, dayLabel]);
  return (
    <figure className="console-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <div ref={box} />
    </figure>
  );
}
