import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/web/lib/cn";

/*
 * Tabs as WAI-ARIA describes them, with the markup and keys Radix Tabs had here (the sign-in page
 * is their only user, and Radix's tabs, roving focus and presence were ~8 KiB gzip of its budget):
 * a tab is chosen by pointer press, Enter or Space, or by moving focus to it (automatic
 * activation); Left/Right move along the tabs and wrap, Home/PageUp and End/PageDown go to the
 * ends; only the chosen tab is in the Tab order, and only its panel is rendered.
 */

interface TabsState {
  id: string;
  value: string;
  choose: (value: string) => void;
}

const TabsContext = createContext<TabsState>({ id: "", value: "", choose: () => {} });

const triggerId = (state: TabsState, value: string) => `${state.id}-trigger-${value}`;
const contentId = (state: TabsState, value: string) => `${state.id}-content-${value}`;

interface TabsProps extends ComponentProps<"div"> {
  /** The tab chosen first. */
  defaultValue: string;
}

export function Tabs({ defaultValue, ...props }: TabsProps) {
  const [value, choose] = useState(defaultValue);
  const id = useId();
  return (
    <TabsContext value={{ id, value, choose }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

const keyToTab: Record<string, (at: number, count: number) => number> = {
  ArrowLeft: (at, count) => (at + count - 1) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  Home: () => 0,
  PageUp: () => 0,
  End: (_, count) => count - 1,
  PageDown: (_, count) => count - 1,
};

/** Arrow keys, Home and End move focus among the list's tabs; focusing one chooses it. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = keyToTab[event.key];
  const tab = event.target as HTMLElement;
  if (!move || tab.getAttribute("role") !== "tab" || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  event.preventDefault();
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
  tabs[move(tabs.indexOf(tab), tabs.length)]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn("grid w-full grid-cols-2 rounded-md bg-muted p-1", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        moveFocus(event);
      }}
      {...props}
    />
  );
}

interface TabsTriggerProps extends ComponentProps<"button"> {
  value: string;
}

export function TabsTrigger({ className, value, ...props }: TabsTriggerProps) {
  const state = useContext(TabsContext);
  const selected = state.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(state, value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      id={triggerId(state, value)}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors max-sm:min-h-11 pointer-coarse:min-h-11",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
      // Chosen on press, not on release; another button or a Ctrl-press neither chooses nor focuses.
      onMouseDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          state.choose(value);
        } else event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === " " || event.key === "Enter") state.choose(value);
      }}
      onFocus={() => state.choose(value)}
    />
  );
}

interface TabsContentProps extends ComponentProps<"div"> {
  value: string;
}

export function TabsContent({ className, value, ...props }: TabsContentProps) {
  const state = useContext(TabsContext);
  if (state.value !== value) return null;
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      aria-labelledby={triggerId(state, value)}
      id={contentId(state, value)}
      tabIndex={0}
      className={cn("mt-4 rounded-md", className)}
      {...props}
    />
  );
}
