import { describe, expect, it } from 'vitest';
import { parseHash } from './router';

describe('hash routes', () => {
  it('view, argument and query', () => {
    const r = parseHash('#/phone/gb1?t=abc123');
    expect([r.view, r.arg, r.query.get('t')]).toEqual(['phone', 'gb1', 'abc123']);
  });
  it('the venue view for an empty hash; arguments are decoded', () => {
    expect(parseHash('').view).toBe('');
    expect(parseHash('#/').view).toBe('');
    expect(parseHash('#/table/a%20b').arg).toBe('a b');
    expect(parseHash('#/tv?table=c1&every=5').query.get('every')).toBe('5');
  });
});
