/** The pad's drawing surface in canvas pixels; CSS scales it to the width shown. */
export const PAD_WIDTH = 600;
export const PAD_HEIGHT = 160;

/** A script face where the system has one, else the browser's cursive: what a typed signature is drawn in. */
export const SCRIPT_FONT = `"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", "Z003", cursive`;

/**
 * The font size that fits `text` on one line of the pad: 64 px, less for a long name. `measure`
 * answers the width of the text at 100 px (the canvas's measureText), so this stays pure.
 */
export function fittedFontSize(measure: (font: string) => number, width = PAD_WIDTH * 0.9, largest = 64, smallest = 16): number {
  const atHundred = measure(`italic 100px ${SCRIPT_FONT}`);
  if (atHundred <= 0) return largest;
  return Math.max(smallest, Math.min(largest, Math.floor((width / atHundred) * 100)));
}

/** A pointer's position on the canvas, in its own pixels, whatever size CSS shows it at. */
export function padPoint(event: { clientX: number; clientY: number }, rect: { left: number; top: number; width: number; height: number }) {
  return {
    x: ((event.clientX - rect.left) * PAD_WIDTH) / (rect.width || PAD_WIDTH),
    y: ((event.clientY - rect.top) * PAD_HEIGHT) / (rect.height || PAD_HEIGHT),
  };
}
