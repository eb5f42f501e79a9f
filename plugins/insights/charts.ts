import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';

// Chart geometry for server-rendered SVG: the page paints its charts without JavaScript. Right to
// left (Arabic) it is mirrored: time runs leftwards, the value axis stands on the right and bars grow
// leftwards from their labels. The SVG itself is drawn left to right (its labels are figures).

export const CHART = { width: 480, height: 200, top: 12, right: 24, bottom: 28, left: 60 };

export interface LineGeometry {
  /** The SVG path; days withheld (null) leave a gap instead of a false zero. */
  path: string;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  points: Array<{ x: number; y: number }>;
  /** The horizontal rules' ends and where the value labels stand, anchored towards the plot. */
  rule: { from: number; to: number };
  yLabel: { x: number; anchor: 'start' | 'end' };
}

/** `days` are the x positions: days (YYYY-MM-DD) or months (YYYY-MM). */
export function lineChart(
  days: string[],
  values: Array<number | null>,
  format: (v: number) => string,
  rtl = false,
): LineGeometry {
  const { width, height, top, right, bottom, left } = CHART;
  const x = scalePoint<string>()
    .domain(days)
    .range(rtl ? [width - left, right] : [left, width - right]);
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([height - bottom, top]);
  const path =
    line<number | null>()
      .defined((v) => v !== null)
      .x((_, i) => x(days[i]) ?? left)
      .y((v) => y(v ?? 0))(values) ?? '';
  const every = Math.max(1, Math.ceil(days.length / 4));
  const wholeNumbers = values.every((v) => v === null || Number.isInteger(v));
  return {
    path,
    // Counts get whole-number ticks only (a 0–1 axis would read "0, 0, 1, 1").
    yTicks: y
      .ticks(4)
      .filter((t) => !wholeNumbers || Number.isInteger(t))
      .map((t) => ({ y: y(t), label: format(t) })),
    // Days read as MM-DD, months as YYYY-MM.
    xTicks: days
      .filter((_, i) => i % every === 0)
      .map((d) => ({ x: x(d) ?? left, label: d.length > 7 ? d.slice(5) : d })),
    points: values.flatMap((v, i) => (v === null ? [] : [{ x: x(days[i]) ?? left, y: y(v) }])),
    rule: rtl ? { from: right, to: width - left } : { from: left, to: width - right },
    yLabel: rtl ? { x: width - left + 6, anchor: 'start' } : { x: left - 6, anchor: 'end' },
  };
}

/** Where bars start: their labels sit to the left of it (to the right of `width - BAR_LEFT` right to left). */
export const BAR_LEFT = 172;

export interface Bar {
  label: string;
  y: number;
  height: number;
  width: number;
  value: number;
  /** The bar's left edge, its label's and its figure's anchors. */
  x: number;
  labelX: number;
  labelAnchor: 'start' | 'end';
  valueX: number;
  valueAnchor: 'start' | 'end';
}

export function barChart(labels: string[], values: number[], width = CHART.width, rtl = false): Bar[] {
  const band = scaleBand()
    .domain(labels)
    .range([0, labels.length * 34])
    .padding(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .range([0, width - BAR_LEFT - 60]);
  return labels.map((label, i) => {
    const length = Math.max(2, x(values[i]));
    const common = { label, y: band(label) ?? 0, height: band.bandwidth(), width: length, value: values[i] };
    const base = width - BAR_LEFT;
    return rtl
      ? {
          ...common,
          x: base - length,
          labelX: base + 8,
          labelAnchor: 'start',
          valueX: base - length - 6,
          valueAnchor: 'end',
        }
      : {
          ...common,
          x: BAR_LEFT,
          labelX: BAR_LEFT - 8,
          labelAnchor: 'end',
          valueX: BAR_LEFT + length + 6,
          valueAnchor: 'start',
        };
  });
}
