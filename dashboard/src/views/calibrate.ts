/**
 * Calibration (#/calibrate/<device>, or #/calibrate/?table=<table>): the calibration assistant
 * (docs/calibration.md) for one device of a table. Start a session (venue PIN), walk its steps
 * ("hit rail n") while the device's events arrive live from /api/stream, next / redo / back to
 * a step, then the suggestions with how each was found and its warnings; apply (stored and sent
 * to the device) or cancel (the profile's values go back). The hub records the events into the
 * session itself; the page shows them and refreshes the session's counts. An open session of
 * the device is picked up again after a reload. Below, "advanced": raw `cfg` values and blink.
 */
import { field, pinForm as pinFormOf } from '../pin-form';
import { h, append, button, link, fmtTime, replace } from '../dom';
import { getJson, pin, send } from '../api';
import { t, tMaybe } from '../i18n';
import { store } from '../store';
import { gameName } from '../games/common';
import { bufferUse, faultText, health } from '../health';
import { eventLine, stepInstruction, stepName, suggestionLine, type CalRecord, type CalSession, type CalSuggestion } from '../calibration';
import type { View } from '../router';
import { acousticResultView, acousticStepView } from './calibrate-acoustic';

interface TableInfo {
  table: string;
  devices: { device: string; profile: string | null; calibration: CalRecord | null }[];
  sessions: CalSession[];
}
interface SessionReply {
  session: CalSession;
  suggestions: CalSuggestion[];
  sent?: boolean;
}
interface ApplyReply {
  record: CalRecord;
  sent: boolean;
  file: string | null;
}

/** Live event lines kept for the current step. */
const LIVE_MAX = 40;
/** A slow refresh of an open session, besides the one after each event from the stream. */
const POLL_MS = 3000;

const values = (set: Record<string, number>): HTMLElement =>
  h('ul', { class: 'cal-values' }, ...Object.entries(set).map(([k, v]) => h('li', { 'data-key': k }, h('code', {}, k), ' = ', h('strong', {}, String(v)))));

function suggestionView(s: CalSuggestion): HTMLElement {
  const head = `${s.sensor}${s.place ? ` · ${s.place}` : ''}`;
  return h(
    'article',
    { class: 'suggestion', 'data-sensor': s.sensor },
    h(
      'h4',
      {},
      head,
      ' ',
      h(
        'span',
        { class: `badge ${s.evidence.hits === s.evidence.asked ? 'ok' : 'warn'}` },
        t('calib.hits', { hits: s.evidence.hits, asked: s.evidence.asked }),
      ),
    ),
    Object.keys(s.set).length ? values(s.set) : h('p', { class: 'muted' }, t('calib.noValues')),
    s.threshold ? h('p', { class: 'threshold' }, t('calib.threshold', { permille: s.threshold.permille, volts: s.threshold.volts })) : null,
    s.method.length ? h('p', { class: 'evidence-title muted' }, t('calib.how')) : null,
    s.method.length ? h('ul', { class: 'method' }, ...s.method.map((m) => h('li', {}, suggestionLine(m)))) : null,
    s.warnings.length ? h('p', { class: 'evidence-title muted' }, t('calib.warnings')) : null,
    s.warnings.length ? h('ul', { class: 'warnings' }, ...s.warnings.map((w) => h('li', {}, suggestionLine(w)))) : null,
  );
}

/**
 * Examples of firmware settings, `<sensor>.<option>` with a number, or `hb` (heartbeat, s)
 * (docs/firmware.md, "Components and options"); any key may be typed.
 */
const KEYS = ['hb', 'g1.debounceMs', 'g1.minWidthUs', 'g1.stuckMs', 'pk1.captureMs', 'c1.deadMs', 'c1.noisyPerS', 'c1.silentAfter'];

/** The raw-values form and the blink button: any `cfg` setting, sent as typed. */
function advanced(id: string, say: (s: string, ok?: boolean) => void): HTMLElement {
  const rows = h('div', { class: 'kv' });
  const addRow = (key = ''): void => {
    rows.append(
      h(
        'div',
        { class: 'row' },
        h(
          'label',
          { class: 'field' },
          h('span', {}, t('cal.key')),
          h('input', { type: 'text', class: 'cal-key', list: 'cal-keys', value: key, placeholder: 'g1.debounceMs', maxlength: 32 }),
        ),
        h('label', { class: 'field' }, h('span', {}, t('cal.value')), h('input', { type: 'text', class: 'cal-value', inputmode: 'decimal', maxlength: 64 })),
      ),
    );
  };
  addRow();
  const form = h(
    'form',
    { id: 'cal-form' },
    rows,
    h('datalist', { id: 'cal-keys' }, ...KEYS.map((k) => h('option', { value: k }))),
    h(
      'div',
      { class: 'row' },
      button(t('cal.addRow'), () => addRow(), { class: 'secondary' }),
      h('button', { type: 'submit', class: 'primary' }, t('cal.send')),
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const set: Record<string, number | string | boolean> = {};
    for (const r of rows.querySelectorAll('.row')) {
      const k = (r.querySelector('.cal-key') as HTMLInputElement).value.trim();
      const v = (r.querySelector('.cal-value') as HTMLInputElement).value.trim();
      if (!k || !v) continue;
      set[k] = v === 'true' ? true : v === 'false' ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    }
    if (Object.keys(set).length === 0) return say(t('cal.empty'));
    void send('POST', `/api/devices/${encodeURIComponent(id)}/config`, { set }, pin()).then((r) => say(r.ok ? t('cal.sent') : r.error, r.ok));
  });
  const st = store.devices.get(id);
  return h(
    'details',
    { id: 'cal-advanced', class: 'panel' },
    h('summary', {}, t('calib.advanced')),
    h('h3', {}, t('cal.title', { id })),
    h(
      'p',
      {},
      `${t('dev.state')}: ${tMaybe(`dev.${st?.state ?? 'unknown'}`, st?.state ?? 'unknown')} · ${t('dev.buffer')}: ${bufferUse(health(st))} · ${t('dev.faults')}: ${faultText(health(st))}`,
    ),
    h('p', { class: 'muted' }, t('cal.help')),
    form,
    button(
      t('cal.identify'),
      () =>
        void send('POST', `/api/devices/${encodeURIComponent(id)}/identify`, { ms: 3000 }, pin()).then((r) => say(r.ok ? t('cal.identified') : r.error, r.ok)),
      { id: 'identify' },
    ),
  );
}

export const calibrateView: View = (root, route) => {
  const tables = store.venue?.tables ?? [];
  const byDevice = tables.find((x) => x.devices.some((d) => d.id === route.arg));
  const conf = tables.find((x) => x.id === route.query.get('table')) ?? byDevice ?? tables[0];
  const table = conf?.id ?? '';
  const devs = conf?.devices ?? [];
  const device = devs.find((d) => d.id === route.arg)?.id ?? devs.find((d) => d.profile)?.id ?? devs[0]?.id ?? route.arg;
  const profile = devs.find((d) => d.id === device)?.profile ?? null;

  const msg = h('p', { class: 'message', id: 'cal-message', role: 'status', 'aria-live': 'polite' });
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };

  const pinForm = pinFormOf({ input: 'cal-pin', form: 'cal-pin-form' }, say);

  const tablePick = h(
    'select',
    { id: 'cal-table' },
    ...tables.map((x) => h('option', { value: x.id, selected: x.id === table }, `${x.name} · ${gameName(x.game)}`)),
  );
  tablePick.addEventListener('change', () => {
    const next = tables.find((x) => x.id === tablePick.value);
    const d = next?.devices.find((x) => x.profile) ?? next?.devices[0];
    location.hash = `#/calibrate/${encodeURIComponent(d?.id ?? '')}?table=${encodeURIComponent(tablePick.value)}`;
  });
  const devicePick = h(
    'select',
    { id: 'cal-device' },
    ...devs.map((d) =>
      h(
        'option',
        { value: d.id, selected: d.id === device },
        d.profile ? t('calib.deviceOption', { device: d.id, profile: d.profile }) : t('calib.deviceNoProfile', { device: d.id }),
      ),
    ),
  );
  devicePick.addEventListener('change', () => {
    location.hash = `#/calibrate/${encodeURIComponent(devicePick.value)}?table=${encodeURIComponent(table)}`;
  });

  const stored = h('p', { id: 'cal-stored', class: 'muted' });
  const startBtn = button(t('calib.start'), () => void start(), { id: 'cal-start', class: 'primary' });
  const sessionBox = h('section', { class: 'panel', id: 'cal-session', hidden: true });
  const sugBox = h('section', { class: 'panel', id: 'cal-suggestions', hidden: true });
  const resultBox = h('section', { class: 'panel', id: 'cal-result', hidden: true });
  const liveList = h('ol', { class: 'feed', id: 'cal-live' });

  let session: CalSession | null = null;
  let suggestions: CalSuggestion[] = [];
  let live: string[] = [];
  /** Replies to older requests are dropped: the session shown is the newest one asked for. */
  let gen = 0;
  /** Writes in flight: a refresh meanwhile could be answered before the write and is not made. */
  let writing = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const spath = (what = ''): string => `/api/calibration/sessions/${encodeURIComponent(session?.id ?? '')}${what}`;

  const show = (r: SessionReply): void => {
    const stepChanged = !session || session.id !== r.session.id || session.current !== r.session.current;
    session = r.session;
    suggestions = r.suggestions;
    if (stepChanged) live = [];
    render();
  };

  const refresh = async (): Promise<void> => {
    if (!session || writing > 0) return;
    const mine = ++gen;
    try {
      const r = await getJson<SessionReply>(spath());
      if (mine === gen && !closed) show(r);
    } catch {
      /* the session ended elsewhere (applied, cancelled, hub restarted): the table info says so */
      if (mine === gen && !closed) void loadTable();
    }
  };
  const poll = setInterval(() => {
    if (session && !session.done) void refresh();
  }, POLL_MS);

  /** A write to the session; the reply is the session's new state. */
  const act = async (method: 'POST' | 'DELETE', what: string, body: unknown, done: string): Promise<void> => {
    const mine = ++gen;
    writing++;
    const r = await send<SessionReply>(method, spath(what), body, pin()).finally(() => writing--);
    if (closed) return;
    if (!r.ok || !r.data) return say(r.error);
    say(done, true);
    // next, redo and goto all start the current step's recording afresh.
    live = [];
    if (mine === gen) show(r.data);
  };

  async function loadTable(): Promise<void> {
    if (!table) return;
    try {
      const info = await getJson<TableInfo>(`/api/calibration/tables/${encodeURIComponent(table)}`);
      if (closed) return;
      const rec = info.devices.find((d) => d.device === device)?.calibration ?? null;
      replace(stored, rec ? t('calib.stored', { at: fmtTime(Date.parse(rec.at)) }) : t('calib.neverStored'), rec ? values(rec.set) : null);
      const open = info.sessions.find((s) => s.device === device);
      if (open && open.id !== session?.id) {
        session = open;
        say(t('calib.resumed'), true);
        await refresh();
      } else if (!open && session) {
        session = null;
        render();
      }
    } catch {
      /* stale: the header says so */
    }
  }

  async function start(): Promise<void> {
    const mine = ++gen;
    writing++;
    const r = await send<SessionReply>('POST', '/api/calibration/sessions', { table, device }, pin()).finally(() => writing--);
    if (closed) return;
    if (!r.ok || !r.data) return say(r.error);
    say(r.data.sent ? t('calib.started') : t('calib.startNotSent'), r.data.sent === true);
    resultBox.hidden = true;
    if (mine === gen) show(r.data);
  }

  async function apply(): Promise<void> {
    const r = await send<ApplyReply>('POST', spath('/apply'), undefined, pin());
    if (closed) return;
    if (!r.ok || !r.data) return say(r.error);
    ++gen;
    const { record, sent, file } = r.data;
    say(sent ? t('calib.applied', { device: record.device }) : t('calib.appliedNotSent', { device: record.device }), sent);
    session = null;
    suggestions = [];
    const hand = Object.entries(record.thresholds);
    replace(
      resultBox,
      h('h3', {}, sent ? t('calib.applied', { device: record.device }) : t('calib.appliedNotSent', { device: record.device })),
      values(record.set),
      hand.length ? h('p', { class: 'evidence-title muted' }, t('calib.setByHand')) : null,
      hand.length
        ? h('ul', { class: 'thresholds' }, ...hand.map(([s, x]) => h('li', {}, `${s}: `, t('calib.threshold', { permille: x.permille, volts: x.volts }))))
        : null,
      record.acoustic ? acousticResultView(record.acoustic) : null,
      file ? h('p', { class: 'muted' }, t('calib.storedIn', { file })) : null,
    );
    resultBox.hidden = false;
    render();
    void loadTable();
  }

  async function cancel(): Promise<void> {
    const r = await send<{ sent: boolean }>('DELETE', spath(), undefined, pin());
    if (closed) return;
    if (!r.ok || !r.data) return say(r.error);
    ++gen;
    say(r.data.sent ? t('calib.cancelled') : t('calib.cancelledNotSent'), r.data.sent);
    session = null;
    suggestions = [];
    render();
  }

  function renderLive(): void {
    liveList.replaceChildren(...live.map((l) => h('li', {}, l)));
  }

  function render(): void {
    startBtn.hidden = session !== null || !profile;
    sessionBox.hidden = session === null;
    sugBox.hidden = session === null;
    if (!session) {
      sessionBox.replaceChildren();
      sugBox.replaceChildren();
      return;
    }
    const s = session;
    const total = s.steps.length;
    const cur = s.steps[s.current];
    const stepList = h(
      'ol',
      { class: 'cal-steps', id: 'cal-steps' },
      ...s.steps.map((st, i) => {
        const state = i < s.current ? 'done' : i === s.current ? 'current' : 'todo';
        return h(
          'li',
          { 'data-step': i, 'data-state': state, 'aria-current': state === 'current' ? 'step' : undefined },
          h('span', { class: 'name' }, stepName(st)),
          ' ',
          h(
            'span',
            { class: `badge ${state === 'done' ? 'ok' : state === 'current' ? 'warn' : ''}` },
            t(state === 'done' ? 'calib.stepDone' : state === 'current' ? 'calib.stepCurrent' : 'calib.stepTodo'),
          ),
          state === 'done'
            ? button(t('calib.goto'), () => void act('POST', '/goto', { step: i }, t('calib.gotoDone', { n: i + 1 })), {
                class: 'secondary cal-goto',
                'data-step': String(i),
              })
            : null,
        );
      }),
    );
    const buttons = h(
      'div',
      { class: 'row' },
      cur
        ? button(
            s.current === total - 1 ? t('calib.finish') : t('calib.next'),
            () => void act('POST', '/next', undefined, t('calib.stepOf', { n: Math.min(s.current + 2, total), total })),
            { id: 'cal-next', class: 'primary' },
          )
        : null,
      cur ? button(t('calib.redo'), () => void act('POST', '/redo', undefined, t('calib.redoDone')), { id: 'cal-redo', class: 'secondary' }) : null,
      s.done ? button(t('calib.apply'), () => void apply(), { id: 'cal-apply', class: 'primary' }) : null,
      button(t('calib.cancel'), () => void cancel(), { id: 'cal-cancel', class: 'secondary' }),
    );
    if (cur) {
      const seen = Object.entries(cur.seen);
      replace(
        sessionBox,
        h('h3', { id: 'cal-step-no' }, t('calib.stepOf', { n: s.current + 1, total })),
        h('p', { class: 'cal-step-name', id: 'cal-step', 'data-step': cur.id }, stepName(cur)),
        h('p', { class: 'cal-instruction', id: 'cal-instruction' }, stepInstruction(cur)),
        cur.kind === 'acoustic' ? acousticStepView(cur) : null,
        h('p', { class: 'evidence-title muted' }, t('calib.seen')),
        h(
          'ul',
          { class: 'cal-seen', id: 'cal-seen' },
          cur.sensor
            ? h(
                'li',
                { 'data-sensor': cur.sensor, 'data-events': cur.seen[cur.sensor] ?? 0 },
                t('calib.seenOf', {
                  sensor: cur.sensor,
                  hits: suggestions.find((x) => x.sensor === cur.sensor)?.evidence.hits ?? 0,
                  count: cur.count,
                  n: cur.seen[cur.sensor] ?? 0,
                }),
              )
            : null,
          ...seen
            .filter(([k]) => k !== cur.sensor)
            .map(([k, n]) => h('li', { 'data-sensor': k, 'data-events': n }, t(cur.sensor ? 'calib.seenOther' : 'calib.seenEvents', { sensor: k, n }))),
          !cur.sensor && seen.length === 0 ? h('li', { class: 'muted' }, t('calib.seenNone')) : null,
        ),
        h('p', { class: 'evidence-title muted' }, t('calib.live')),
        liveList,
        buttons,
        h('h3', {}, t('calib.steps')),
        stepList,
      );
    } else {
      replace(sessionBox, h('h3', { id: 'cal-step-no' }, t('calib.allDone')), buttons, h('h3', {}, t('calib.steps')), stepList);
    }
    renderLive();
    const acoustic = s.steps.find((x) => x.acoustic?.result)?.acoustic?.result ?? null;
    replace(
      sugBox,
      h('h3', {}, t('calib.suggestions')),
      suggestions.length ? null : h('p', { class: 'muted' }, t('calib.noSuggestions')),
      ...suggestions.map(suggestionView),
      acoustic ? acousticResultView(acoustic) : null,
    );
  }

  const noDevice = devs.length === 0 ? t('calib.noDevices') : !profile ? t('calib.noProfile') : null;
  append(root, [
    h('h2', {}, t('calib.title')),
    h('p', { class: 'muted' }, t('calib.intro')),
    msg,
    pinForm,
    h('div', { class: 'row' }, field(t('calib.table'), tablePick), field(t('calib.device'), devicePick)),
    noDevice ? h('p', { class: 'muted', id: 'cal-no-device' }, noDevice) : null,
    stored,
    startBtn,
    sessionBox,
    sugBox,
    resultBox,
    device ? advanced(device, say) : null,
    h('p', {}, link('#/devices', t('nav.devices'))),
  ]);
  render();
  void loadTable();

  const unsubscribe = store.subscribe((c) => {
    if (c.kind !== 'event' || c.event.event.d !== device || !session || session.done) return;
    live.unshift(eventLine(c.event.event));
    if (live.length > LIVE_MAX) live.pop();
    renderLive();
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refresh(), 150);
  });
  return () => {
    closed = true;
    clearInterval(poll);
    clearTimeout(refreshTimer);
    unsubscribe();
  };
};
