import { describe, expect, it } from 'vitest';
import { asDelivered } from './delivered';
import { buildFirmware } from './build';

describe('what the upload tool delivers', () => {
  it('raw control characters arrive as ?, a tab as a space, CRLF as LF, characters above 255 as ?', () => {
    expect(asDelivered('a="\x02MQTT\x04";\r\nb="\tx\u2713\xe9"')).toBe('a="?MQTT?";\nb=" x?\xe9"');
  });

  it('a built bundle arrives unchanged (the build escapes what the tool would rewrite)', () => {
    const b = buildFirmware({ profile: 'golf-billiards', board: 'esp32', device: 'd1', table: 't1' });
    expect(asDelivered(b.code)).toBe(b.code);
  });
});
