/** The letter a brand shows without a logo (its icons, a poster): its first letter or digit, in capitals. */
export function brandInitial(brand: string): string {
  const letter = [...brand].find((character) => /[\p{L}\p{N}]/u.test(character)) ?? '?';
  return letter.toLocaleUpperCase('en-IN');
}
