/**
 * The calibration page's acoustic step (docs/calibration.md, "The acoustic step"): while it runs,
 * how many knocks were heard and which point is next, with every point in order; once it is
 * ended, and in the applied record, the figures it gave (wave speeds, sensor delays, the placing
 * error on the knocks) and its warnings.
 */
import { h } from '../dom';
import { t } from '../i18n';
import { pointName, suggestionLine, type CalStep } from '../calibration';
import type { AcousticCalibration } from '../../../shared/api/calibration';

/** The current acoustic step: knocks heard, the next point, the list of points with the heard ones marked. */
export function acousticStepView(step: CalStep): HTMLElement {
  const points = step.points ?? [];
  const heard = step.acoustic?.heard ?? 0;
  const next = points[heard];
  return h(
    'div',
    { class: 'cal-acoustic', id: 'cal-acoustic', 'data-heard': heard },
    h('p', { id: 'cal-acoustic-heard' }, t('calib.acoustic.heard', { heard, asked: points.length })),
    next ? h('p', { id: 'cal-acoustic-next', class: 'cal-step-name' }, t('calib.acoustic.next', { point: pointName(next) })) : null,
    h(
      'ol',
      { class: 'cal-points' },
      ...points.map((p, i) => h('li', { 'data-point': p.id, 'data-state': i < heard ? 'done' : i === heard ? 'current' : 'todo' }, pointName(p))),
    ),
    h('p', { class: 'muted' }, t('calib.acoustic.pending')),
  );
}

const figure = (e: { medianCm: number; p95Cm: number; n: number }) => ({ median: e.medianCm, p95: e.p95Cm, n: e.n });

/** What the acoustic step gave: speeds, the error on the knocks, the delays, warnings. */
export function acousticResultView(a: AcousticCalibration): HTMLElement {
  return h(
    'article',
    { class: 'suggestion cal-acoustic-result', id: 'cal-acoustic-result' },
    h(
      'h4',
      {},
      t('calib.acoustic.title'),
      ' ',
      h('span', { class: `badge ${a.knocks === a.asked ? 'ok' : 'warn'}` }, t('calib.hits', { hits: a.knocks, asked: a.asked })),
    ),
    h('p', { class: 'cal-speeds' }, t('calib.acoustic.speeds', { rail: a.railSpeed, slate: a.slateSpeed })),
    h('p', { class: 'cal-error' }, t('calib.acoustic.error', figure(a.error))),
    a.error.rail || a.error.slate
      ? h(
          'ul',
          { class: 'cal-error-parts' },
          a.error.rail ? h('li', {}, t('calib.acoustic.errorRail', figure(a.error.rail))) : null,
          a.error.slate ? h('li', {}, t('calib.acoustic.errorBed', figure(a.error.slate))) : null,
        )
      : null,
    h('p', { class: 'evidence-title muted' }, t('calib.acoustic.delays')),
    h(
      'ul',
      { class: 'cal-values' },
      ...Object.entries(a.delaysUs).map(([k, v]) => h('li', { 'data-key': k }, h('code', {}, k), ' ', h('strong', {}, String(v)))),
    ),
    h('p', { class: 'muted' }, t('calib.acoustic.used', { knocks: a.knocks, asked: a.asked, outliers: a.outliers })),
    a.warnings.length ? h('p', { class: 'evidence-title muted' }, t('calib.warnings')) : null,
    a.warnings.length ? h('ul', { class: 'warnings' }, ...a.warnings.map((w) => h('li', {}, suggestionLine(w)))) : null,
  );
}
