/**
 * The live scoreboard of one table: common score line, then the game's own board from the
 * engine report (fetched again whenever the table's match changes), pending decisions, and a
 * flash when a ball is holed. The table view's (the TV wall draws its own tiles: views/tv-tile.ts).
 */
import { h, replace } from '../dom';
import { getLive, pin, send, tableToken } from '../api';
import { claimsPanel, type ClaimSend } from '../games/claims';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine, headlineText, tickCountdowns } from '../games/common';
import { gameBoard } from '../games';
import type { LiveTable } from '../types';

export function mountScoreboard(box: HTMLElement, table: string): () => void {
  const conf = store.venue?.tables.find((x) => x.id === table);
  let live: LiveTable | null = null;
  let flash: { text: string; until: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = (): void => {
    const s = live?.summary ?? store.tables.get(table)?.summary ?? null;
    const running = (live?.match ?? store.tables.get(table)?.match ?? null) !== null;
    replace(
      box,
      h('header', { class: 'board-head' }, h('h2', {}, conf?.name ?? table), h('span', { class: 'game-name' }, gameName(conf?.game ?? ''))),
      s ? scoreLine(s) : h('p', { class: 'muted' }, t('table.noMatch')),
      s ? summaryLine(s) : null,
      s && !running ? h('p', { class: 'muted' }, t('table.lastMatch')) : null,
      s ? h('p', { class: 'headline', 'data-headline': '' }, headlineText(s)) : null,
      flash && flash.until > Date.now() ? h('p', { class: 'flash', role: 'status' }, flash.text) : null,
      running && live ? gameBoard(conf?.game ?? '', live.report, s) : null,
      running && s ? claimsPanel(s, token() ? claim : null) : null,
      claimMsg ? h('p', { class: 'message', id: 'claim-message', role: 'status', 'data-ok': String(claimMsg.ok) }, claimMsg.text) : null,
      running && s && s.pending.length > 0 ? decisions(s.pending, undefined, undefined, s) : null,
    );
  };

  // A claim from the board (a TV or tablet at the table with the table's token or the venue PIN).
  let claimMsg: { text: string; ok: boolean } | null = null;
  const token = (): string => tableToken(table) || pin();
  const claim: ClaimSend = (b) => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, b, token()).then((r) => {
      claimMsg = { text: r.ok ? t(b.type === 'claim' ? 'claim.sent' : 'claim.disputeSent') : r.error, ok: r.ok };
      render();
    });
  };

  const refresh = async (): Promise<void> => {
    try {
      live = await getLive<LiveTable>(table);
    } catch {
      /* the store shows the link state; keep the last board */
    }
    render();
  };

  const off = store.subscribe((c) => {
    if (c.kind === 'venue') void refresh();
    if (c.kind !== 'table' || c.table !== table) return;
    if (c.event?.type === 'hole') {
      flash = { text: t('mg.holed', { lane: c.event.lane }), until: Date.now() + 6000 };
    }
    // Show the new summary at once; the report follows from one fetch per burst of events.
    live = live ? { ...live, summary: store.tables.get(table)?.summary ?? live.summary } : live;
    render();
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), 60);
  });
  // Each second: the countdowns (on the hub's time, hub-time.ts) move; a flash ends when its time is up.
  const tick = setInterval(() => {
    if (flash && flash.until <= Date.now()) {
      flash = null;
      render();
    } else tickCountdowns(box);
  }, 1000);
  void refresh();
  return () => {
    off();
    clearTimeout(timer);
    clearInterval(tick);
  };
}
