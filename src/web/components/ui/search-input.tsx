import { Trans } from "@lingui/react/macro";
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/web/lib/cn";
import { Input } from "./input";

interface SearchInputProps {
  /** The applied search (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses for `delay` ms, or at once on Enter or clear. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  delay?: number;
  /** Shows the label above the box, as a form's fields have theirs (a filter among labelled fields); otherwise it is for screen readers only. */
  showLabel?: boolean;
}

/** A labelled search box that asks the server only after the user stops typing. */
export function SearchInput({ value, onSearch, label, placeholder, delay = 300, showLabel = false }: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // What this box itself last asked for: its own URL update must not overwrite newer typing.
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (applied !== value) {
    setApplied(value);
    // Our own search arriving leaves the text alone; a change from outside (back button, a
    // link) shows what is applied now.
    if (value === sent) setSent(null);
    else setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (next.trim() === value) return;
    setSent(next.trim());
    onSearch(next.trim());
  };

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), delay);
  };

  return (
    // h-fit: in a grid row taller than the box, a stretched box would centre the icons on the row.
    <div className={cn("h-fit w-full max-w-sm", showLabel && "space-y-1")}>
      <label htmlFor={id} className={showLabel ? "block text-sm font-medium" : "sr-only"}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder ?? label}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") apply(text);
          }}
          // Leaving the box (say, to click a row's link) applies a pending search now, so the timer
          // cannot fire later and navigate away from wherever that click went.
          onBlur={() => {
            if (timer.current !== undefined) apply(text);
          }}
        />
        {text ? (
          <button
            type="button"
            className={cn(
              "absolute top-1/2 right-2 inline-flex -translate-y-1/2 items-center justify-center rounded-sm p-1 text-muted-foreground hover:text-foreground",
              "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              // A tap target of 44×44 px on phones: the box's full height at its right end.
              "max-sm:right-0 max-sm:h-11 max-sm:w-11 pointer-coarse:right-0 pointer-coarse:h-11 pointer-coarse:w-11",
            )}
            onClick={() => {
              setText("");
              apply("");
            }}
          >
            <X className="h-4 w-4" aria-hidden />
            <span className="sr-only">
              <Trans>Clear search</Trans>
            </span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
