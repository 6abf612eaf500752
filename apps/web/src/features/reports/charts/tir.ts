import type { GlucoseStatsBlock } from '@cgm/contract';

export type TimeInRanges = NonNullable<GlucoseStatsBlock['time_in_ranges']>;
