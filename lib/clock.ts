// The injectable clock. Domain code asks a Clock for "now" instead of calling
// Date directly, so tests can pin or move time.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}
