/**
 * One CSV field, for every CSV the hub writes (the engines' exports and hub/api/exports.ts): quoted when needed;
 * a text starting with = + - @, a tab or a carriage return is neutralised for spreadsheets (a
 * leading quote), as each of them can start a formula there.
 */
export function csvField(v: string | number | boolean | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
