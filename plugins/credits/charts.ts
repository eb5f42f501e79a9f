import { scaleBand, scaleLinear } from 'd3-scale';

// Geometry of /transparency's comparison charts, drawn on the server as SVG (no JavaScript): per
// closed month, one bar for OneTrack's split and one for pro-rata's from the same plays.

export const COMPARE_CHART = { width: 560, height: 220, top: 14, right: 12, bottom: 30, left: 48 };

export interface PairedBars {
  groups: Array<{ label: string; x: number; bars: Array<{ x: number; y: number; width: number; height: number }> }>;
  yTicks: Array<{ y: number; label: string }>;
}

/** `values[i]` is month i's pair [OneTrack, pro-rata]; months in the order given (oldest first). */
export function pairedBars(labels: string[], values: Array<[number, number]>, format: (v: number) => string) {
  const { width, height, top, right, bottom, left } = COMPARE_CHART;
  const outer = scaleBand<string>()
    .domain(labels)
    .range([left, width - right])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const inner = scaleBand<number>().domain([0, 1]).range([0, outer.bandwidth()]).padding(0.08);
  const max = Math.max(0, ...values.flat());
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([height - bottom, top]);
  return {
    groups: labels.map((label, i) => {
      const x = outer(label) ?? left;
      return {
        label,
        x: x + outer.bandwidth() / 2,
        bars: values[i].map((v, k) => ({
          x: x + (inner(k) ?? 0),
          y: y(v),
          width: inner.bandwidth(),
          height: y(0) - y(v),
        })),
      };
    }),
    yTicks: y.ticks(4).map((t) => ({ y: y(t), label: format(t) })),
  } satisfies PairedBars;
}
