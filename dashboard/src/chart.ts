/**
 * A bar chart of the run in every inning (carom), one series per player, drawn as SVG with
 * text nodes only. Bars of different players sit side by side within an inning.
 */
import { svg } from './dom';

export interface Series {
  name: string;
  values: number[];
}

export function runsChart(series: Series[], title: string, inningLabel: string): SVGElement {
  const innings = Math.max(1, ...series.map((s) => s.values.length));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const W = Math.max(240, innings * 28 + 40);
  const H = 200;
  const plotH = H - 50;
  const groupW = (W - 40) / innings;
  const barW = Math.max(3, (groupW - 4) / Math.max(1, series.length));
  const root = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    width: W * 1.5,
    height: H * 1.5,
    role: 'img',
    class: 'chart',
    'aria-label': title,
    preserveAspectRatio: 'xMinYMin meet',
  });
  root.append(svg('title', {}, title));
  for (let v = 0; v <= max; v += Math.max(1, Math.ceil(max / 5))) {
    const y = 10 + plotH - (v / max) * plotH;
    root.append(svg('line', { x1: 30, x2: W, y1: y, y2: y, class: 'grid' }), svg('text', { x: 26, y: y + 4, class: 'axis', 'text-anchor': 'end' }, String(v)));
  }
  series.forEach((s, si) => {
    s.values.forEach((v, i) => {
      const h = (v / max) * plotH;
      const x = 34 + i * groupW + si * barW;
      const rect = svg('rect', { x, y: 10 + plotH - h, width: barW - 1, height: Math.max(h, 0.5), class: `bar s${si % 4}` });
      rect.append(svg('title', {}, `${s.name}, ${inningLabel} ${i + 1}: ${v}`));
      root.append(rect);
    });
  });
  for (let i = 0; i < innings; i += Math.max(1, Math.ceil(innings / 20))) {
    root.append(svg('text', { x: 34 + i * groupW + groupW / 2, y: H - 26, class: 'axis', 'text-anchor': 'middle' }, String(i + 1)));
  }
  series.forEach((s, si) => {
    const x = 34 + si * 140;
    root.append(svg('rect', { x, y: H - 14, width: 10, height: 10, class: `bar s${si % 4}` }), svg('text', { x: x + 14, y: H - 5, class: 'legend' }, s.name));
  });
  return root;
}
