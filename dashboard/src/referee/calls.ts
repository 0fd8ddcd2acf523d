/**
 * The referee's calls as buttons (#/ref/<table>): the calls the game's catalogue entry declares,
 * then what the chosen call names, picked with one tap each: the player, a ball in its colour, an
 * answer from its list (a foul's code), a pocket or a group; a minigolf card's numbers typed. "Send"
 * says what is missing before anything goes to the hub; a refusal of the rules comes back in words
 * (the panel's message). The picks stay while the board changes under them (a new event).
 */
import { h, button, keepingFocus } from '../dom';
import { capitalised, placeName } from '../places';
import { t, tMaybe } from '../i18n';
import { findGame } from '../../../shared/game/catalogue';
import type { GameSummary } from '../types';
import { playersToPlay } from '../games/minigolf';
import { ballButton, ballsOf, type BallChoice } from './balls';
import { argsOf, callBody, callsFor, choicesFor, type CallArgs, type Missing, type NumberArg, type Picked } from './call-args';

/** What the board says now: the summary, the engine's report, the table's sensor places (GET /recent). */
export interface LiveFacts {
  summary: GameSummary | null;
  report: unknown;
  places: Record<string, string[]>;
}

export interface CallsDeps {
  game: string;
  say(text: string, ok?: boolean): void;
  /** Posts the call; resolves true when the hub took it. */
  send(body: Record<string, unknown>): Promise<boolean>;
}

/** Players shown as buttons; more (a minigolf tournament) add a list of the others. */
const PLAYER_BUTTONS = 8;

export function callLabel(game: string, call: string): string {
  return tMaybe(`ref.call.${findGame(game)?.family ?? ''}.${call}`, call);
}

export function choiceLabel(game: string, call: string, value: string): string {
  return tMaybe(`ref.opt.${findGame(game)?.family ?? ''}.${call}.${value}`, value);
}

const NEED_KEY: Record<Missing, string> = {
  player: 'ref.need.player',
  ball: 'ref.need.ball',
  pocket: 'ref.need.pocket',
  group: 'ref.need.group',
  choice: 'ref.need.choice',
  lane: 'ref.need.lane',
  strokes: 'ref.need.strokes',
  round: 'ref.need.round',
};

function pickRow(id: string, label: string, used: boolean): HTMLElement {
  return h('div', { class: 'pick', id, 'data-used': String(used) }, h('span', { class: 'pick-label' }, label));
}

export function callsPanel(deps: CallsDeps): { el: HTMLElement; update(facts: LiveFacts): void } {
  const { game } = deps;
  let facts: LiveFacts = { summary: null, report: null, places: {} };
  let call: string | null = null;
  let picked: Picked = {};
  const numberInputs = new Map<string, HTMLInputElement>();

  const grid = h('div', { class: 'call-grid', id: 'call-buttons', role: 'group', 'aria-label': t('ref.calls') });
  const players = h('div', { class: 'pick-slot' });
  const balls = h('div', { class: 'pick-slot' });
  const extra = h('div', { class: 'pick-slot', id: 'pick-extra' });
  const sendButton = h('button', { type: 'button', class: 'primary', id: 'send-call' });
  const el = h(
    'section',
    { class: 'panel ref-calls', id: 'ref-calls', 'aria-label': t('ref.calls') },
    h('h3', {}, t('ref.calls')),
    grid,
    players,
    balls,
    extra,
    h('div', { class: 'row send-row' }, sendButton),
  );
  const args = (): CallArgs => (call ? argsOf(game, call) : {});

  const toggle = <K extends 'player' | 'ball' | 'pocket' | 'group' | 'choice'>(key: K, value: string): void => {
    picked = { ...picked, [key]: picked[key] === value ? undefined : value };
    render();
  };

  const renderCalls = (): void => {
    const offered = callsFor(game, facts.report);
    if (call && !offered.includes(call)) call = null;
    grid.replaceChildren(
      ...offered.map((c) =>
        button(
          callLabel(game, c),
          () => {
            call = call === c ? null : c;
            renderExtra(true);
            render();
          },
          { class: 'call', 'data-call': c, 'aria-pressed': String(call === c) },
        ),
      ),
    );
  };

  const renderPlayers = (): void => {
    const s = facts.summary;
    const list = s?.players ?? [];
    if (picked.player && !list.some((p) => p.id === picked.player)) picked = { ...picked, player: undefined };
    const toPlay = new Map(playersToPlay(facts.report).map((x) => [x.player, x.lane]));
    const need = args().player;
    const row = pickRow('pick-player', t(need === 'optional' ? 'ref.pickPlayerOptional' : 'ref.pickPlayer'), call === null || need !== undefined);
    const shown = list.length <= PLAYER_BUTTONS ? list : list.filter((p) => toPlay.has(p.id) || p.id === picked.player);
    for (const p of shown) {
      const lane = toPlay.get(p.id);
      row.append(
        button(lane === undefined || lane === null ? p.name : t('ref.playerOnLane', { name: p.name, lane }), () => toggle('player', p.id), {
          class: 'player-chip',
          'data-pick-player': p.id,
          'aria-pressed': String(picked.player === p.id),
          ...(p.side !== undefined ? { 'data-side': p.side } : {}),
        }),
      );
    }
    if (shown.length < list.length) {
      const other = h(
        'select',
        { id: 'pick-player-other', 'aria-label': t('ref.otherPlayer') },
        h('option', { value: '' }, t('ref.otherPlayer')),
        ...list.map((p) => h('option', { value: p.id, selected: p.id === picked.player }, p.name)),
      );
      other.addEventListener('change', () => {
        picked = { ...picked, player: other.value || undefined };
        render();
      });
      row.append(other);
    }
    players.replaceChildren(row);
  };

  const renderBalls = (): void => {
    const names = (id: string): string => facts.summary?.players.find((p) => p.id === id)?.name ?? id;
    const list: BallChoice[] = ballsOf(game, facts.report, names);
    if (picked.ball && !list.some((b) => b.id === picked.ball)) picked = { ...picked, ball: undefined };
    if (list.length === 0) return balls.replaceChildren();
    const need = args().ball;
    const row = pickRow('pick-ball', t(need === 'optional' ? 'ref.pickBallOptional' : 'ref.pickBall'), call === null || need !== undefined);
    row.append(...list.map((b) => ballButton(b, picked.ball === b.id, () => toggle('ball', b.id))));
    balls.replaceChildren(row);
  };

  /** The call's own row: its list of answers, pockets, groups and numbers. Kept while a number is being typed. */
  const renderExtra = (callChanged = false): void => {
    const typing = document.activeElement instanceof HTMLInputElement && extra.contains(document.activeElement);
    if (!callChanged && typing) return;
    if (callChanged) {
      picked = { player: picked.player, ball: picked.ball };
      numberInputs.clear();
    }
    const a = args();
    const rows: HTMLElement[] = [];
    if (call && a.choice) {
      const ruleset = (facts.report as { ruleset?: string } | null)?.ruleset;
      const row = pickRow('pick-choice', t(a.choice.need === 'required' ? 'ref.pickChoice' : 'ref.pickChoiceOptional'), true);
      const c = call;
      row.append(
        ...choicesFor(a.choice, ruleset).map((o) =>
          button(choiceLabel(game, c, o.value), () => toggle('choice', o.value), {
            class: 'choice-chip',
            'data-pick-value': o.value,
            'aria-pressed': String(picked.choice === o.value),
          }),
        ),
      );
      rows.push(row);
    }
    if (call && a.pocket) {
      const row = pickRow('pick-pocket', t('ref.pickPocket'), true);
      row.append(
        ...(facts.places['pocket'] ?? []).map((p) =>
          button(capitalised(placeName(p)), () => toggle('pocket', p), {
            class: 'choice-chip',
            'data-pick-pocket': p,
            'aria-pressed': String(picked.pocket === p),
          }),
        ),
      );
      rows.push(row);
    }
    if (call && a.group) {
      const groups = (facts.report as { groups?: { id: string; done?: boolean }[] } | null)?.groups ?? [];
      const row = pickRow('pick-group', t('ref.pickGroup'), true);
      row.append(
        ...groups.map((g) =>
          button(t('mg.group', { group: g.id }), () => toggle('group', g.id), {
            class: 'choice-chip',
            'data-pick-group': g.id,
            'aria-pressed': String(picked.group === g.id),
          }),
        ),
      );
      rows.push(row);
    }
    if (call && a.numbers?.length) {
      const row = h('div', { class: 'pick numbers', id: 'pick-numbers', 'data-used': 'true' });
      for (const n of a.numbers) row.append(numberField(n));
      rows.push(row);
    }
    extra.replaceChildren(...rows);
  };

  const numberField = (n: NumberArg): HTMLElement => {
    const key = `${call}:${n.into}`;
    let input = numberInputs.get(key);
    if (!input) {
      input = h('input', { type: 'number', inputmode: 'numeric', min: n.min, max: n.max, step: 1, 'data-num': n.label, required: n.need === 'required' });
      numberInputs.set(key, input);
    }
    const label = tMaybe(`ref.num.${n.label}`, n.label) + (n.need === 'optional' ? ` ${t('ref.optional')}` : '');
    return h('label', { class: 'field number' }, h('span', {}, label), input);
  };

  const renderSend = (): void => {
    sendButton.textContent = call ? t('ref.sendCall', { call: callLabel(game, call) }) : t('ref.chooseCall');
    sendButton.disabled = call === null;
  };

  const render = (): void =>
    keepingFocus(el, () => {
      renderCalls();
      renderPlayers();
      renderBalls();
      renderExtra();
      renderSend();
    });

  sendButton.addEventListener('click', () => {
    if (!call) return deps.say(t('ref.chooseCall'));
    const a = args();
    const numbers: Picked['numbers'] = {};
    for (const n of a.numbers ?? []) {
      const raw = numberInputs.get(`${call}:${n.into}`)?.value.trim() ?? '';
      if (raw !== '') numbers[n.into] = Number(raw);
    }
    const built = callBody(call, a, { ...picked, numbers });
    if ('missing' in built) {
      el.querySelector(
        `#pick-${built.missing === 'lane' || built.missing === 'strokes' || built.missing === 'round' ? 'numbers' : built.missing}`,
      )?.setAttribute('data-missing', 'true');
      return deps.say(tMaybe(NEED_KEY[built.missing], built.missing));
    }
    void deps.send(built.body).then((ok) => {
      if (!ok) return;
      // Taken: the next call starts from nothing picked.
      call = null;
      picked = {};
      renderExtra(true);
      render();
    });
  });

  render();
  return {
    el,
    update(next) {
      facts = next;
      render();
    },
  };
}
