import { ACTIVITY_KINDS } from 'contract';

/** What an entry records (contract ACTIVITY_KINDS). */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
