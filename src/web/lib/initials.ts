/** Up to two letters of a name ("Ada Lovelace" → "AL"), or of an address's local part. */
export function initialsOf(name: string): string {
  const words = name.split("@")[0]!.split(/[\s._-]+/).filter(Boolean);
  const first = (word: string) => Array.from(word)[0]!;
  if (words.length === 0) return "?";
  if (words.length === 1) return Array.from(words[0]!).slice(0, 2).join("").toUpperCase();
  return `${first(words[0]!)}${first(words[words.length - 1]!)}`.toUpperCase();
}
