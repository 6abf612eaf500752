/**
 * A part of a mixed-direction line kept whole (Unicode first-strong isolate): in an Arabic header
 * a date such as 28/08/2026 next to Arabic text was reordered by the bidirectional algorithm into
 * "28 2026/08/", and a firmware version 3.0.0-rc.1 read "rc.1-3.0.0"; isolated, each date, name,
 * version and unit keeps its own order. For text that goes where no element can (an option, a
 * CSS `content`); in a table cell `<bdi>` does the same.
 */
export const isolate = (s: string) => `\u2068${s}\u2069`;
