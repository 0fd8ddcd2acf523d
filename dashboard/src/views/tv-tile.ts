/**
 * One tile of the TV wall, live: the table's running match (the store's summary at once, the
 * engine's report from one fetch of `/api/tables/<table>/live` per burst of events, as the
 * scoreboard does), else its last match's result until the next match starts there
 * (tiles/results.ts), else "no match". Its countdowns move each second on the hub's time; what
 * does not fit the tile's box is dropped (`fitTile`).
 */
import { h, replace } from '../dom';
import { getLive, pin, send, tableToken } from '../api';
import { claimsPanel, type ClaimSend } from '../games/claims';
import { tickCountdowns } from '../games/common';
import { t } from '../i18n';
import { store } from '../store';
import { tileContent } from '../tiles';
import { forget, lastEnded, type EndedMatch } from '../tiles/results';
import type { TileData, TileSize } from '../tiles/types';
import type { LiveTable } from '../types';

export interface TileOptions {
  size: TileSize;
  /** The whole screen shows this one table: the claims panel has room (a tablet by the table). */
  claims: boolean;
}

/**
 * Takes out what does not fit the tile, in order: first the parts marked `data-drop` (lowest
 * number first: the shot picture's steps, the scorecards), then the last lines of a list marked
 * `data-fit` (the minigolf leaderboard), with a line saying how many more there are.
 */
export function fitTile(box: HTMLElement): void {
  const over = (): boolean => box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  if (!over()) return;
  const optional = [...box.querySelectorAll<HTMLElement>('[data-drop]')].sort((a, b) => Number(a.dataset['drop']) - Number(b.dataset['drop']));
  for (const el of optional) {
    if (!over()) return;
    el.remove();
  }
  for (const list of box.querySelectorAll<HTMLElement>('[data-fit]')) {
    const rows = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>(':scope > li.player')];
    let more = 0;
    let note: HTMLElement | null = null;
    while (over() && rows().length > 1) {
      rows().at(-1)!.remove();
      more++;
      note?.remove();
      note = h('li', { class: 'more', 'data-more': more }, t('tv.more', { n: more }));
      list.append(note);
    }
  }
}

export function mountTile(box: HTMLElement, table: string, opts: TileOptions): () => void {
  let live: LiveTable | null = null;
  let ended: EndedMatch | null = null;
  let match = store.tables.get(table)?.match ?? null;
  let flash: { text: string; until: number } | null = null;
  let claimMsg: { text: string; ok: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gone = false;

  const data = (): TileData => {
    const conf = store.venue?.tables.find((x) => x.id === table) ?? { id: table, name: table, game: '' };
    const st = store.tables.get(table);
    if (st?.match) {
      const current = live?.match === st.match;
      return { table: conf, state: 'playing', summary: st.summary ?? (current ? live!.summary : null), report: current ? live!.report : null };
    }
    if (ended) {
      // A match the staff ended keeps its engine's last status and turn: the record says it is over.
      const summary = { ...ended.summary, status: ended.record.status === 'playing' ? ended.summary.status : ended.record.status, turn: null };
      return { table: conf, state: 'ended', summary, report: ended.report };
    }
    return { table: conf, state: 'idle', summary: null, report: null };
  };

  const token = (): string => tableToken(table) || pin();
  const claim: ClaimSend = (b) => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, b, token()).then((r) => {
      claimMsg = { text: r.ok ? t(b.type === 'claim' ? 'claim.sent' : 'claim.disputeSent') : r.error, ok: r.ok };
      render();
    });
  };

  const render = (): void => {
    if (gone) return;
    const d = data();
    const s = d.state === 'playing' ? d.summary : null;
    const claims = s && (s.claims ?? []).length > 0;
    box.dataset['table'] = table;
    box.dataset['state'] = d.state;
    box.dataset['game'] = d.table.game;
    // The engine's report is in (until its fetch answers, the tile shows the players and scores only).
    box.dataset['report'] = String(d.report !== null && d.report !== undefined);
    replace(
      box,
      ...tileContent(d, opts.size),
      flash && flash.until > Date.now() ? h('p', { class: 'flash', role: 'status' }, flash.text) : null,
      s && opts.claims ? claimsPanel(s, token() ? claim : null) : null,
      s && !opts.claims && claims ? h('p', { class: 'badge warn claim-open' }, t('tv.claimOpen')) : null,
      claimMsg && opts.claims ? h('p', { class: 'message', id: 'claim-message', role: 'status', 'data-ok': String(claimMsg.ok) }, claimMsg.text) : null,
    );
    fitTile(box);
  };

  const refresh = async (): Promise<void> => {
    const running = store.tables.get(table)?.match ?? null;
    try {
      live = running || !store.venue ? await getLive<LiveTable>(table) : null;
      ended = live?.match ? null : await lastEnded(table);
    } catch {
      /* the header shows the link state; keep the last tile */
    }
    render();
  };

  const off = store.subscribe((c) => {
    if (c.kind === 'venue') {
      forget(table);
      void refresh();
    }
    if (c.kind !== 'table' || c.table !== table) return;
    const now = store.tables.get(table)?.match ?? null;
    clearTimeout(timer);
    // A match started or ended here: the last result is another now.
    if (now !== match) {
      forget(table);
      match = now;
      // Ended: the tile keeps the match as it was until its result is in (no "no match" between the two).
      if (now === null) return void refresh();
    }
    if (c.event?.type === 'hole') flash = { text: t('mg.holed', { lane: c.event.lane }), until: Date.now() + 6000 };
    render();
    timer = setTimeout(() => void refresh(), 60);
  });
  // Each second the countdowns move (on the hub's time); a flash ends when its time is up.
  const tick = setInterval(() => {
    if (flash && flash.until <= Date.now()) {
      flash = null;
      render();
    } else tickCountdowns(box);
  }, 1000);
  render();
  void refresh();
  return () => {
    gone = true;
    off();
    clearTimeout(timer);
    clearInterval(tick);
  };
}
