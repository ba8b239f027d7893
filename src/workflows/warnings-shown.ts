/**
 * How many reading warnings a run shows, in the CLI's output and the pane's notes alike; the others are counted. A
 * module of its own: the command line's start loads it, and nothing of the reader or the pricing.
 */
export const MAX_WARNINGS_SHOWN = 20;
