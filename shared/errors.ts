/**
 * The one catalogue of error codes. Every rejection, API error and CLI failure uses a code from
 * here; docs/errors.md documents each one (a test keeps the two in step).
 */
export const ErrorCatalogue = {
  // Wire input (serial lines, MQTT payloads)
  AR_LINE_TOO_LONG: { status: 413, message: 'line longer than the protocol allows' },
  AR_NOT_JSON: { status: 400, message: 'not a JSON text' },
  AR_NOT_OBJECT: { status: 400, message: 'JSON is not an object' },
  AR_PROTOCOL_VERSION: { status: 400, message: 'unknown or missing protocol version' },
  AR_UNKNOWN_KIND: { status: 400, message: 'unknown message kind' },
  AR_SCHEMA: { status: 400, message: 'message does not match the protocol schema' },
  AR_UNKNOWN_DEVICE: { status: 403, message: 'device is not in the venue configuration' },
  AR_TOPIC_MISMATCH: { status: 403, message: 'payload does not belong to the topic it came on' },
  // Configuration and command line
  AR_CONFIG: { status: 400, message: 'invalid configuration' },
  AR_UNKNOWN_GAME: { status: 404, message: 'no rules engine with that id' },
  AR_BAD_LOG: { status: 400, message: 'event log line is not a valid game event' },
  AR_PORT_IN_USE: { status: 409, message: 'network port already in use' },
  // Matches
  AR_MATCH_RUNNING: { status: 409, message: 'a match is already running on this table' },
  AR_NO_MATCH: { status: 409, message: 'no match is running on this table' },
  // HTTP API
  AR_NOT_FOUND: { status: 404, message: 'no such resource' },
  AR_BAD_REQUEST: { status: 400, message: 'request body or query is invalid' },
  AR_UNAUTHORIZED: { status: 401, message: 'missing or wrong token' },
  AR_INTERNAL: { status: 500, message: 'internal error' },
  AR_LOCKED_OUT: { status: 429, message: 'too many wrong tokens: locked out' },
  // Event store (checked at start; failures while running are states, docs/hub.md "Store")
  AR_STORE_DAMAGED: { status: 500, message: 'the event store is damaged' },
  AR_STORE_LOST: { status: 500, message: 'the event store holds fewer events than this hub acknowledged' },
  AR_STORE_READONLY: { status: 500, message: 'the event store cannot be written' },
  AR_STORE_LOCKED: { status: 409, message: 'another hub has this event store open' },
  AR_STORE_FAILED: { status: 503, message: 'the event store failed' },
  // Rules engines (a person's input, a sensor's event)
  AR_RULES_REFUSED: { status: 422, message: 'the rules refused this input' },
  AR_NOT_IN_GAME: { status: 422, message: 'the running match cannot place this sensor event' },
  // Limits on input (hub/app.ts MAX_BODY_BYTES)
  AR_BODY_TOO_LARGE: { status: 413, message: 'request body larger than the hub reads' },
} as const;

export type ErrorCode = keyof typeof ErrorCatalogue;

/** A rejection: a code from the catalogue and a reason a person can act on. */
export interface Rejection {
  code: ErrorCode;
  reason: string;
}

export function reject(code: ErrorCode, detail?: string): Rejection {
  const base = ErrorCatalogue[code].message;
  return { code, reason: detail ? `${base}: ${detail}` : base };
}

/** For misuse (programming errors): throw at once with a catalogued code. */
export class AutorefError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  constructor(code: ErrorCode, detail?: string) {
    super(reject(code, detail).reason);
    this.code = code;
    this.statusCode = ErrorCatalogue[code].status;
  }
}
