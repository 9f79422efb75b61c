// The injectable clock. Domain code asks a Clock for "now" instead of calling
// Date directly, so tests can pin or move time.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
