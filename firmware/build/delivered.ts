/**
 * What the `espruino` command-line tool (0.1.67, core/codeWriter.js) sends of a file, and so what
 * a board runs: CRLF becomes LF; every character below 32 (but tab, LF and CR) or above 255
 * becomes `?`; the board's REPL then reads a tab as a space. The build ships only printable ASCII
 * and newlines (ascii.ts), on which this changes nothing; the simulated board loads code through
 * it all the same, so a bundle that the upload path would change behaves on the simulated board
 * as on a real one.
 */
export function asDelivered(code: string): string {
  let out = '';
  const text = code.replace(/\r\n/g, '\n');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9) out += ' ';
    else if ((c < 32 || c > 255) && c !== 10 && c !== 13) out += '?';
    else out += text[i];
  }
  return out;
}
