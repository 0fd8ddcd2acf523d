/**
 * The docs stay in step with the code: every error code and every protocol field is documented.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import { ErrorCatalogue } from '../shared/errors';
import { DeviceMessage, HubCommand } from '../shared/protocol/schema';

const read = (f: string) => readFileSync(new URL(`../docs/${f}`, import.meta.url), 'utf8');

function fieldNames(union: TSchema): string[] {
  const names = new Set<string>();
  for (const member of (union as unknown as { anyOf: TSchema[] }).anyOf) {
    for (const key of Object.keys((member as unknown as { properties: Record<string, unknown> }).properties)) names.add(key);
  }
  return [...names];
}

describe('documentation', () => {
  it('documents every error code of the catalogue, and no other', () => {
    const doc = read('errors.md');
    for (const code of Object.keys(ErrorCatalogue)) expect(doc, code).toContain(`\`${code}\``);
    const documented = [...doc.matchAll(/`(AR_[A-Z_]+)`/g)].map((m) => m[1]);
    for (const code of documented) expect(Object.keys(ErrorCatalogue), code).toContain(code);
  });

  it('documents every field of every protocol message', () => {
    const doc = read('protocol.md');
    for (const f of [...fieldNames(DeviceMessage), ...fieldNames(HubCommand)]) expect(doc, f).toContain(`\`${f}\``);
  });
});
