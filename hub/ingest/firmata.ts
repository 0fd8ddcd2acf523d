/**
 * The Firmata link (a table on an Arduino running StandardFirmata), split by job under firmata/:
 * io.ts (johnny-five's IO layer), settle.ts (the declared debounce), reader.ts (one sensor, with
 * the firmware's meaning of its edges), plan.ts (options; which pins to watch), link.ts (the link).
 */
export type { FirmataIo } from './firmata/io';
export { Settle } from './firmata/settle';
export { SensorReader, type FirmataFilterCounts } from './firmata/reader';
export { planWatches, type FirmataLinkOptions, type FirmataPin } from './firmata/plan';
export { FirmataLink } from './firmata/link';
