/** Firmware bundles kept on disk between starts (issue #24): the key follows the profile's content, the file holds the build. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR, cachedBuild, keyOf } from './cache';
import { loadProfile } from './build';
import type { TableProfile } from '../../shared/profile';

describe('the firmware build cache', () => {
  it('a profile given by id and by its content is the same build; a changed profile is another', () => {
    const profile = loadProfile('golf-billiards') as TableProfile;
    const byId = keyOf({ profile: 'golf-billiards', board: 'espruino-pico', device: 'd1', table: 't1' });
    expect(keyOf({ profile, board: 'espruino-pico', device: 'd1', table: 't1' })).toBe(byId);
    expect(keyOf({ profile: { ...profile, id: 'other' }, board: 'espruino-pico', device: 'd1', table: 't1' })).not.toBe(byId);
    expect(keyOf({ profile: 'golf-billiards', board: 'espruino-wifi', device: 'd1', table: 't1' })).not.toBe(byId);
    expect(keyOf({ profile: 'golf-billiards', board: 'espruino-pico', device: 'd2', table: 't1' })).not.toBe(byId);
  });

  it('a build is written under its key and read back as the same bundle', () => {
    const opts = { profile: 'minigolf-lane', board: 'espruino-pico', device: 'cache-test', table: 't1' } as const;
    const built = cachedBuild(opts);
    const file = path.join(CACHE_DIR, `${keyOf(opts)}.json`);
    expect(existsSync(file)).toBe(true);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as typeof built;
    expect(kept.code).toBe(built.code);
    expect(kept.pins).toEqual(built.pins);
    expect(cachedBuild(opts)).toBe(built);
  });
});
