import { v7 as uuidv7 } from 'uuid';

/** Opaque, time-ordered ids: index-friendly on both dialects and never guessable from a counter. */
export function newId(): string {
  return uuidv7();
}

export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value === 1;
