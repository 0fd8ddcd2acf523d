/**
 * What every tag reader part does with a UID it decoded: keep it as the reader's last read (the
 * ball identity a beam with `tag` borrows), and emit the reader's own event unless it is the
 * same tag again within `hold` (readers repeat while a tag stays in the field).
 */
import { emit } from '../core/device';
import { NONE } from '../core/ring';
import type { TagCfg } from '../core/config';
import { st } from './state';

/** The UID a part has just decoded, before it is compared with the last read (one scratch buffer). */
export const uid = /* @__PURE__ */ new Uint8Array(8);

/** Reader `si` read the `n` bytes in `uid` at `t`. */
export function tagRead(si: number, n: number, t: number): void {
  const sc = st.S[si] as TagCfg;
  const o = si * 8;
  let same = st.tagL[si] === n && (t - (st.tagT[si] as number)) * 1000 < sc.hold;
  for (let i = 0; i < n; i++) {
    if (st.tagB[o + i] !== uid[i]) same = false;
    st.tagB[o + i] = uid[i] as number;
  }
  st.tagL[si] = n;
  st.tagT[si] = t;
  if (sc.e >= 0 && !same) emit(sc.e, si, t, NONE, n, st.tagB, o);
}
