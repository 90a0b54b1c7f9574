import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Button } from "@/web/components/ui/button";
import { fittedFontSize, PAD_HEIGHT, PAD_WIDTH, padPoint, SCRIPT_FONT } from "../lib/typed-signature";

interface SignaturePadProps {
  /** The signer's typed name: drawn in a script face when "Type instead" is on. */
  typedName: string;
  /** The signature as a PNG data URL, or null when the pad is empty. */
  onChange: (signature: string | null) => void;
  /** Ids of the hint and the error, for the controls' descriptions. */
  describedBy: string;
  invalid: boolean;
}

const INK = "#111827";

function blank(canvas: HTMLCanvasElement) {
  const context = canvas.getContext("2d");
  if (!context) return null;
  // White, not transparent: the PDF and a dark page show the same ink on paper.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
  return context;
}

/**
 * A signature drawn with the mouse, a pen or a finger (pointer events; the canvas takes the touch
 * gestures itself, so drawing does not scroll the page), or the signer's typed name drawn in a
 * script face ("Type instead", the keyboard's way). Either way the signature is the canvas's PNG.
 */
export function SignaturePad({ typedName, onChange, describedBy, invalid }: SignaturePadProps) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    if (canvas.current) blank(canvas.current);
  }, []);

  // Typed: the name is drawn afresh on every change, and the signature follows it.
  useEffect(() => {
    const surface = canvas.current;
    if (!typed || !surface) return;
    const context = blank(surface);
    const name = typedName.trim();
    if (!context || !name) {
      onChange(null);
      return;
    }
    const size = fittedFontSize((font) => {
      context.font = font;
      return context.measureText(name).width;
    });
    context.font = `italic ${size}px ${SCRIPT_FONT}`;
    context.fillStyle = INK;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(name, PAD_WIDTH / 2, PAD_HEIGHT / 2);
    onChange(surface.toDataURL("image/png"));
  }, [typed, typedName, onChange]);

  const clear = () => {
    if (canvas.current) blank(canvas.current);
    setTyped(false);
    onChange(null);
  };

  const stroke = (event: PointerEvent<HTMLCanvasElement>) => {
    const surface = event.currentTarget;
    const context = surface.getContext("2d");
    const from = last.current;
    if (!context || !from) return;
    const to = padPoint(event, surface.getBoundingClientRect());
    context.strokeStyle = INK;
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (typed) {
      // Drawing over a typed name starts a drawn signature.
      blank(event.currentTarget);
      setTyped(false);
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = padPoint(event, event.currentTarget.getBoundingClientRect());
    // Half a pixel to the left: a tap leaves a dot.
    last.current = { x: point.x - 0.5, y: point.y };
    stroke(event);
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    onChange(event.currentTarget.toDataURL("image/png"));
  };

  return (
    <div className="space-y-2">
      <canvas
        ref={canvas}
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-label={t`Signature pad: draw your signature`}
        aria-describedby={describedBy}
        className={`block h-auto w-full max-w-xl cursor-crosshair touch-none rounded-md border bg-white ${invalid ? "border-destructive" : "border-border"}`}
        onPointerDown={start}
        onPointerMove={stroke}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={clear}>
          <Trans>Clear</Trans>
        </Button>
        <Button id="quote-signature-type" variant="outline" size="sm" aria-pressed={typed} aria-describedby={describedBy} onClick={() => setTyped(true)}>
          <Trans>Type instead</Trans>
        </Button>
      </div>
    </div>
  );
}
