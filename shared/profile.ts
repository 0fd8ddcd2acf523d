/**
 * Table profiles: which sensor sits on which pin of which board, with its options. One schema
 * (TypeBox) for the JSON files under hardware/profiles/, the firmware build's validation and the
 * docs; defaults in one object; the supported boards and their pins as data.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { SensorOptions, kindOf, type PinUse as KindPinUse } from './sensors/kinds';
import { BallColours, ballColourProblems } from './sensors/ball-colours';
import { AcousticSpeeds } from './tables/acoustic';

export const BoardIds = ['espruino-pico', 'espruino-wifi', 'esp32'] as const;
export type BoardId = (typeof BoardIds)[number];

export interface BoardDef {
  title: string;
  /** How the board reaches the hub. */
  link: 'serial' | 'mqtt';
  /** Espruino build name for the `espruino` CLI (--board). */
  espruinoBoard: string;
  /** Default buffer capacity (events) for the board's RAM. */
  bufferEvents: number;
  /** JsVars of the board (Espruino's board files). */
  jsvars: number;
  /** STM32: one setWatch per pin number across ports (EXTI lines). */
  extiPerNumber: boolean;
  pins: string[];
  analogPins: string[];
  /** UART for a tag reader (Serial1 or Serial2; Espruino WiFi's Serial2 drives its ESP8266). */
  tagUart: 'Serial1' | 'Serial2';
  /**
   * Transmit pin of that UART, for a reader that takes commands (the PN532): the board's own
   * default TX pin of the UART, so the profile only wires the receive pin (`pin`).
   */
  tagUartTx: string;
}

function range(prefix: string, from: number, to: number, skip?: number[]): string[] {
  const out: string[] = [];
  for (let i = from; i <= to; i++) if (!skip || !skip.includes(i)) out.push(prefix + i);
  return out;
}

const STM32_PINS = [...range('A', 0, 10), ...range('B', 0, 10), ...range('B', 12, 15)];

export const BOARDS: Record<BoardId, BoardDef> = {
  'espruino-pico': {
    title: 'Espruino Pico (USB serial)',
    link: 'serial',
    espruinoBoard: 'PICO_R1_3',
    bufferEvents: 128,
    jsvars: 5100,
    extiPerNumber: true,
    pins: STM32_PINS,
    analogPins: ['A0', 'A1', 'A5', 'A6', 'A7', 'B0', 'B1'],
    tagUart: 'Serial2',
    tagUartTx: 'A2',
  },
  'espruino-wifi': {
    title: 'Espruino WiFi (MQTT)',
    link: 'mqtt',
    espruinoBoard: 'ESPRUINOWIFI',
    bufferEvents: 256,
    jsvars: 8190,
    extiPerNumber: true,
    pins: STM32_PINS.filter((p) => p !== 'A2' && p !== 'A3'),
    analogPins: ['A0', 'A1', 'A5', 'A6', 'A7', 'B0', 'B1'],
    tagUart: 'Serial1',
    tagUartTx: 'B6',
  },
  esp32: {
    title: 'ESP32 (MQTT)',
    link: 'mqtt',
    espruinoBoard: 'ESP32',
    bufferEvents: 512,
    jsvars: 16383,
    extiPerNumber: false,
    pins: range('D', 0, 39, [1, 3, 6, 7, 8, 9, 10, 11, 20, 24, 28, 29, 30, 31]),
    analogPins: range('D', 32, 39),
    tagUart: 'Serial2',
    // The pin Espruino drives as Serial2's TX anyway (ESP32_SERIAL2_DEFAULT_TX, kept free by pinHazards).
    tagUartTx: 'D4',
  },
};

// The sensor kinds (their options, defaults, pins and checks) live in their descriptors.
export { PROFILE_DEFAULTS, ColourOptions, BeamSensor, PocketSensor, PiezoSensor, TagSensor, SensorOptions } from './sensors/kinds';

const PhysicalPin = Type.String({ pattern: '^[A-D][0-9]{1,2}$' });

export const BoardWiring = Type.Object(
  {
    pins: Type.Record(Type.String(), PhysicalPin, { description: 'logical pin -> board pin' }),
    i2c: Type.Optional(Type.Object({ scl: PhysicalPin, sda: PhysicalPin }, { additionalProperties: false })),
    bufferEvents: Type.Optional(Type.Integer({ minimum: 8, maximum: 2048 })),
    heartbeatS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
  },
  { additionalProperties: false },
);
export type BoardWiring = Static<typeof BoardWiring>;

export const TableProfile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' }),
    title: Type.String({ minLength: 1, maxLength: 80 }),
    sensors: Type.Array(SensorOptions, { minItems: 1, maxItems: 32 }),
    ballColours: Type.Optional(BallColours),
    acoustic: Type.Optional(AcousticSpeeds),
    boards: Type.Object(
      { 'espruino-pico': Type.Optional(BoardWiring), 'espruino-wifi': Type.Optional(BoardWiring), esp32: Type.Optional(BoardWiring) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'a table profile: sensors and their wiring per board' },
);
export type TableProfile = Static<typeof TableProfile>;

/** Most watched pins per board (Espruino's setWatch slots). */
export const MAX_WATCHES = 16;

/**
 * Validates a profile for one board: the schema, then the wiring (every pin wired to a pin the
 * board has, none twice, watch limits, I2C for colour sensors, tag references). Returns the
 * problems, empty when fine.
 */
export function checkProfile(input: unknown, board: BoardId): string[] {
  if (!Value.Check(TableProfile, input)) {
    return [...Value.Errors(TableProfile, input)].slice(0, 10).map((e) => `${e.path || '/'}: ${e.message}`);
  }
  const p = input;
  const def = BOARDS[board];
  const w = p.boards[board];
  if (!w) return [`profile "${p.id}" has no wiring for board ${board}`];
  const problems: string[] = [];
  const ids = new Set<string>();
  const used = new Map<string, string>();
  let watches = 0;
  let readers = 0;
  const exti = new Map<string, string>();
  const wire = (s: SensorOptions, ref: string | undefined, watched: boolean, analog: boolean): void => {
    if (ref === undefined) return;
    const phys = w.pins[ref];
    if (!phys) return void problems.push(`sensor ${s.id}: logical pin "${ref}" is not wired for ${board}`);
    if (!def.pins.includes(phys)) return void problems.push(`sensor ${s.id}: ${board} has no pin ${phys}`);
    if (analog && !def.analogPins.includes(phys)) problems.push(`sensor ${s.id}: ${phys} is not an analog pin on ${board}`);
    const other = used.get(phys);
    if (other) problems.push(`sensor ${s.id}: pin ${phys} already used by ${other}`);
    used.set(phys, s.id);
    if (watched) {
      watches++;
      const num = phys.slice(1);
      const clash = exti.get(num);
      if (def.extiPerNumber && clash) problems.push(`sensor ${s.id}: ${phys} and ${clash} share interrupt line ${num} on ${board}`);
      exti.set(num, phys);
    }
  };
  for (const s of p.sensors) {
    if (ids.has(s.id)) problems.push(`sensor id ${s.id} used twice`);
    ids.add(s.id);
    const kind = kindOf(s);
    for (const u of kind.pins(s)) wire(s, u.ref, u.role === 'main' || u.role === 'drop', u.role === 'analog');
    if (s.kind === 'tag') readers++;
    if (kind.check) problems.push(...kind.check(s, { board, sensors: p.sensors, i2c: w.i2c !== undefined, ballColours: p.ballColours !== undefined }));
  }
  if (w.i2c) {
    for (const phys of [w.i2c.scl, w.i2c.sda]) {
      if (!def.pins.includes(phys)) problems.push(`i2c: ${board} has no pin ${phys}`);
      if (used.has(phys)) problems.push(`i2c: pin ${phys} already used by ${used.get(phys)}`);
    }
  }
  if (p.ballColours) problems.push(...ballColourProblems(p.ballColours));
  if (watches > MAX_WATCHES) problems.push(`${watches} watched pins, ${board} has ${MAX_WATCHES} watches`);
  if (readers > 1) problems.push('at most one tag reader per board (one UART)');
  return problems.length > 0 ? problems : pinHazards(p, board);
}

interface PinUse {
  sensor: string;
  what: KindPinUse['what'] | 'i2c';
}

/** Physical pin -> what is wired to it, for one board. */
function uses(p: TableProfile, board: BoardId): Map<string, PinUse> {
  const w = p.boards[board]!;
  const out = new Map<string, PinUse>();
  for (const s of p.sensors) {
    for (const u of kindOf(s).pins(s)) if (u.ref !== undefined && w.pins[u.ref]) out.set(w.pins[u.ref]!, { sensor: s.id, what: u.what });
  }
  const colour = p.sensors.find((s) => (s.kind === 'beam' || s.kind === 'pocket') && s.colour);
  if (w.i2c && colour) for (const phys of [w.i2c.scl, w.i2c.sda]) out.set(phys, { sensor: colour.id, what: 'i2c' });
  return out;
}

/** The Espruino ESP32 build's transmit pin for Serial2 when only `rx` is given. */
export const ESP32_SERIAL2_DEFAULT_TX = BOARDS.esp32.tagUartTx;

/**
 * Wiring that passes the schema and the generic checks but fails on a real ESP32: what is on a pin decides whether the board boots and whether the pin works at all.
 *
 * - D0 and D2 are boot-mode straps: a beam blocked at power-up would put the board in its
 *   download mode. Nothing goes there.
 * - D12 sets the flash voltage at reset: held high (a comparator module's output pull-up, a
 *   reader's TX, an I2C pull-up, a charged peak-hold) it selects 1.8 V and the board does not
 *   start. Only an open-collector beam receiver, which never drives the pin high, may go there.
 * - D34–D39 are inputs without internal pull-ups: an open-collector beam receiver there floats.
 *   Comparator modules (they have their own pull-up) and analog levels are fine.
 * - Espruino's ESP32 build gives Serial2 a transmit pin even when only `rx` is set: D4. With a
 *   tag reader on the board, D4 is driven high and nothing else may use it.
 *
 * Hazards of one profile's wiring on one board; empty when none (and for boards without wiring).
 */
export function pinHazards(p: TableProfile, board: BoardId): string[] {
  if (board !== 'esp32' || !p.boards[board]) return [];
  const found: string[] = [];
  const on = uses(p, board);
  for (const [phys, u] of on) {
    if (phys === 'D0' || phys === 'D2') found.push(`${u.sensor} on ${phys}: a boot-mode strapping pin, leave it free`);
    if (phys === 'D12' && u.what !== 'beam')
      found.push(
        `${u.sensor} (${u.what}) on D12: anything that can hold D12 high at reset stops the board booting; only an open-collector beam receiver may go there`,
      );
    const n = Number(phys.slice(1));
    if (n >= 34 && n <= 39 && u.what === 'beam')
      found.push(`${u.sensor} on ${phys}: an input-only pin without a pull-up, an open-collector beam receiver would float`);
  }
  const reader = [...on.values()].some((u) => u.what === 'tag');
  if (reader && BOARDS.esp32.tagUart === 'Serial2' && on.has(ESP32_SERIAL2_DEFAULT_TX)) {
    found.push(
      `${on.get(ESP32_SERIAL2_DEFAULT_TX)!.sensor} on ${ESP32_SERIAL2_DEFAULT_TX}: with a tag reader, Espruino drives ${ESP32_SERIAL2_DEFAULT_TX} as Serial2's transmit pin`,
    );
  }
  return found;
}
