/**
 * The PDF uses the standard Helvetica, which every viewer has, so no font file is embedded
 * (ADR 025). Its text is encoded in WinAnsi (Windows-1252): Latin-1 plus a few typographic marks.
 * A character outside it would print as a wrong glyph, so each one becomes its unaccented letter
 * when it has one ("ő" → "o") and "?" otherwise ("東", "Ł"). Names in other scripts need an
 * embedded Unicode font, which is a later decision.
 */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const outsideWinAnsi = new RegExp(`[^\\n\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA}]`, "gu");
const printableAscii = /^[\x20-\x7e]+$/;

export function winAnsiText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[\t\v\f]/g, " ")
    .replace(outsideWinAnsi, (character) => {
      const base = character.normalize("NFKD").replace(/\p{M}/gu, "");
      return printableAscii.test(base) ? base : "?";
    });
}
