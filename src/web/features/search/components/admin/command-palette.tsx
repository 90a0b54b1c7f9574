import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import type { SearchResults } from "@/shared/schemas/search";
import { adminMoreNav, adminNav } from "@/web/components/layout/admin-nav";
import { cn } from "@/web/lib/cn";
import { createOnArrival } from "@/web/lib/create-on-arrival";
import { setThemeChoice, type ThemeChoice } from "@/web/lib/theme";
import { useSearch } from "../../api/use-search";

/** How long typing pauses before the server is asked: one request per word typed, not per key. */
const SEARCH_DELAY_MS = 150;

const pages = [...adminNav, ...adminMoreNav, { to: "/admin/account", label: msg`Account` }];
/** The New dialogs an admin opens from anywhere: the page that has it, asked to open it. */
const creations = [
  { key: "new:invoice", to: "/admin/invoices", create: createOnArrival("invoice"), label: msg`New invoice` },
  { key: "new:customer", to: "/admin", create: createOnArrival("customer"), label: msg`New customer` },
];
const themes: { choice: ThemeChoice; label: MessageDescriptor }[] = [
  { choice: "light", label: msg`Switch to the light theme` },
  { choice: "dark", label: msg`Switch to the dark theme` },
  { choice: "system", label: msg`Use the system's theme` },
];

/** The search as it stands once typing has paused. */
function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** Every word of the search in the label: pages and actions are filtered here, records by the server. */
const matches = (label: string, text: string) => {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => label.toLowerCase().includes(word));
};

/** One row of the palette: what it shows and what choosing it does. */
interface Choice {
  key: string;
  title: string;
  detail?: string;
  /** A page to open (with what it is asked to do there), or the theme to switch to. */
  run: { to: string; state?: unknown } | { theme: ThemeChoice };
}

interface ChoiceGroup {
  heading: MessageDescriptor;
  choices: Choice[];
}

/** The server's finds, each kind under its heading, then the pages and actions the text names. */
function choiceGroups(found: SearchResults | undefined, text: string, label: (message: MessageDescriptor) => string): ChoiceGroup[] {
  const records: ChoiceGroup[] = found
    ? [
        { heading: msg`Tickets`, choices: found.tickets.map((ticket) => ({ key: `ticket:${ticket.id}`, title: `#${ticket.number} ${ticket.title}`, detail: ticket.companyName, run: { to: `/admin/tickets/${ticket.id}` } })) },
        { heading: msg`Projects`, choices: found.projects.map((project) => ({ key: `project:${project.id}`, title: project.name, detail: project.companyName, run: { to: `/admin/projects/${project.id}` } })) },
        { heading: msg`Invoices`, choices: found.invoices.map((invoice) => ({ key: `invoice:${invoice.id}`, title: invoice.invoiceNumber, detail: invoice.companyName, run: { to: `/admin/invoices/${invoice.id}` } })) },
        { heading: msg`Companies`, choices: found.companies.map((company) => ({ key: `company:${company.id}`, title: company.name, run: { to: `/admin/customers/${company.id}` } })) },
      ]
    : [];
  const local: ChoiceGroup[] = [
    { heading: msg`Pages`, choices: pages.map((page) => ({ key: `page:${page.to}`, title: label(page.label), run: { to: page.to } })).filter((choice) => matches(choice.title, text)) },
    {
      heading: msg`Actions`,
      choices: [
        ...creations.map((creation) => ({ key: creation.key, title: label(creation.label), run: { to: creation.to, state: creation.create } })),
        ...themes.map((theme) => ({ key: `theme:${theme.choice}`, title: label(theme.label), run: { theme: theme.choice } })),
      ].filter((choice) => matches(choice.title, text)),
    },
  ];
  return [...records, ...local].filter((group) => group.choices.length > 0);
}

/**
 * The command palette (issue 43, ADR 046): a modal over the page, opened by PaletteLauncher, built
 * as the WAI-ARIA combobox with a listbox of grouped options. Typing finds tickets (by number or
 * title), projects, invoices and companies on the server and the admin's pages and actions here;
 * ↑ and ↓ move (round the ends), Enter opens, Escape closes and gives focus back.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const [text, setText] = useState("");
  const settled = useSettledText(text.trim());
  const search = useSearch(settled);
  const groups = choiceGroups(settled ? search.data : undefined, text, (message) => i18n._(message));
  const choices = groups.flatMap((group) => group.choices);

  // The first row is the active one whenever the rows change: Enter opens the best find.
  const [active, setActive] = useState(0);
  const rows = choices.map((choice) => choice.key).join(" ");
  const [activeFor, setActiveFor] = useState(rows);
  if (rows !== activeFor) {
    setActiveFor(rows);
    setActive(0);
  }
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    dialog.current?.close();
    if ("to" in choice.run) void navigate(choice.run.to, { state: choice.run.state });
    else setThemeChoice(choice.run.theme);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && choices.length > 0) {
      event.preventDefault();
      setActive((current) => (current + step + choices.length) % choices.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(choices[active]);
    }
  };

  let index = 0;
  const waiting = settled !== text.trim() || search.isFetching;
  return createPortal(
    <dialog
      ref={dialog}
      aria-label={t`Search and go to`}
      onClose={onClose}
      // A press on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-0 mx-auto mt-[12vh] w-[min(40rem,calc(100vw-2rem))] max-w-none rounded-lg border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <input
        role="combobox"
        aria-label={t`Search tickets, projects, invoices, companies and pages`}
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={choices.length > 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t`Type a ticket number, a title, a name or a page`}
        autoComplete="off"
        spellCheck={false}
        className="h-12 w-full border-b border-border bg-transparent px-4 text-base outline-none placeholder:text-muted-foreground"
      />
      {/* ↑ and ↓ in the input scroll the rows to the active one; the list is a Tab stop too, so a keyboard can scroll it without choosing (axe: scrollable-region-focusable). */}
      <div tabIndex={0} className="max-h-[min(60vh,28rem)] overflow-y-auto py-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {choices.length > 0 ? (
          <div role="listbox" id={listId} aria-label={t`Results`}>
            {groups.map((group) => (
              <div key={group.heading.id} role="group" aria-labelledby={`${listId}-${group.heading.id}`} className="px-2 pb-2">
                <div id={`${listId}-${group.heading.id}`} role="presentation" className="px-3 py-1.5 text-xs font-semibold text-muted-foreground">
                  {i18n._(group.heading)}
                </div>
                {group.choices.map((choice) => {
                  const at = index++;
                  return (
                    <div
                      key={choice.key}
                      id={optionId(at)}
                      role="option"
                      aria-selected={at === active}
                      onMouseMove={() => setActive(at)}
                      onClick={() => choose(choice)}
                      className={cn("flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm", at === active && "bg-muted")}
                    >
                      <span className="min-w-0 truncate">{choice.title}</span>
                      {choice.detail ? <span className="shrink-0 truncate text-xs text-muted-foreground">{choice.detail}</span> : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        ) : (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
            {waiting ? t`Searching…` : t`Nothing found`}
          </p>
        )}
      </div>
      <p className="border-t border-border px-4 py-2 text-xs text-muted-foreground">{t`↑ ↓ to move, Enter to open, Esc to close`}</p>
    </dialog>,
    document.body,
  );
}
