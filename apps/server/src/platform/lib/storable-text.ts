// Text PostgreSQL cannot store: a NUL (text and jsonb refuse it) or a lone UTF-16 surrogate (not
// Unicode at all; jsonb refuses its escape). The one rule, used by the input guard of every request
// and by the record-by-record checks of device, Nightscout and import batches.

/** A NUL or any surrogate at all, in one scan: a clean string is cleared by this alone. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the string may be unstorable (a paired surrogate, an emoji, also answers true). */
export const maybeUnstorable = (s: string): boolean => SUSPECT.test(s);

/** What makes the string unstorable, or null when it can be stored. */
export function unstorableText(s: string): 'nul' | 'lone surrogate' | null {
  if (!SUSPECT.test(s)) return null;
  if (s.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(s) ? 'lone surrogate' : null;
}
