import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { createContext, use, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/web/lib/cn";
import { Button } from "./button";
import { Slot } from "./slot";
import { ProblemBlock } from "./problem-box";

/*
 * The modal is the platform's `<dialog>` opened with `showModal()` (ADR 023): the browser puts it
 * in the top layer, makes the rest of the page inert (no clicks, hidden from screen readers),
 * moves focus into it and reports Escape. What the platform leaves to us, as Radix Dialog did
 * before: the caller's open state, focus kept inside on Tab, focus back on the trigger, a press on
 * the backdrop closes it, and the page behind does not scroll (styles.css).
 *
 * Escape, the close button and a press on the backdrop ask "Discard changes?" first when text was
 * typed into one of the dialog's fields and not saved; Cancel and a successful save close it as
 * they are (the caller's `onOpenChange(false)`).
 */

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  trigger: RefObject<HTMLElement | null>;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error("Dialog parts must be rendered inside <Dialog>");
  return state;
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** A modal whose open state the caller owns: `onOpenChange(false)` on Escape, Close, a press outside. */
export function Dialog({ open, onOpenChange, children }: DialogProps) {
  const contentId = useId();
  const trigger = useRef<HTMLElement>(null);
  return <DialogContext value={{ open, setOpen: onOpenChange, contentId, trigger }}>{children}</DialogContext>;
}

interface SlotPartProps {
  /** The part is its one child (a Button), given the part's behaviour. */
  asChild: true;
  children: ReactNode;
}

/** Opens the dialog; tells assistive technology that it opens one and whether it is open. */
export function DialogTrigger({ children }: SlotPartProps) {
  const { open, setOpen, contentId, trigger } = useDialog();
  return (
    <Slot
      ref={trigger}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? "open" : "closed"}
      onClick={() => setOpen(!open)}
    >
      {children}
    </Slot>
  );
}

/** Closes the dialog (a Cancel button). */
export function DialogClose({ children }: SlotPartProps) {
  const { setOpen } = useDialog();
  return <Slot onClick={() => setOpen(false)}>{children}</Slot>;
}

/** "Cancel" beside a dialog's action: closes the dialog and does nothing else. */
export function DialogCancel() {
  const { t } = useLingui();
  return (
    <DialogClose asChild>
      <Button variant="outline">{t`Cancel`}</Button>
    </DialogClose>
  );
}

interface DialogContentProps {
  title: string;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A modal with a title (announced to screen readers), focus kept inside and Escape to close. */
export function DialogContent(props: DialogContentProps) {
  const { open } = useDialog();
  // Rendered at the end of the body, as a portal, so it inherits no styles from where it is used.
  return open ? createPortal(<ModalDialog {...props} />, document.body) : null;
}

const tabbable = "a[href], button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

const textInputTypes = new Set(["text", "email", "search", "tel", "url", "number", "password"]);
type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (target: EventTarget): target is TextField =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && textInputTypes.has(target.type));

/**
 * Whether text was typed into the dialog's fields: each field's value is noted when it first gets
 * focus (before any typing) and compared when the dialog is about to be dismissed, so text typed
 * and deleted again counts as nothing typed.
 */
function useTypedText() {
  const before = useRef(new Map<TextField, string>());
  const lastField = useRef<TextField | null>(null);
  const onFocus = (event: FocusEvent<HTMLDialogElement>) => {
    if (!isTextField(event.target)) return;
    lastField.current = event.target;
    if (!before.current.has(event.target)) before.current.set(event.target, event.target.value);
  };
  const typed = () => [...before.current].some(([field, value]) => field.isConnected && field.value !== value);
  return { onFocus, typed, lastField };
}

function ModalDialog({ title, description, className, children }: DialogContentProps) {
  const { setOpen, contentId, trigger } = useDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const closing = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const typedText = useTypedText();
  const [asking, setAsking] = useState(false);
  const keepEditing = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) keepEditing.current?.focus();
  }, [asking]);

  /** Escape, the close button, the backdrop: closes, unless typed text would be lost (then asks first). */
  const dismiss = (how: "escape" | "pointer") => {
    if (!typedText.typed()) return setOpen(false);
    // Escape while asking answers "keep editing", as it would close any other question.
    setAsking(!(asking && how === "escape"));
  };

  const backToEditing = () => {
    setAsking(false);
    typedText.lastField.current?.focus();
  };

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = trigger.current;
    closing.current = false;
    dialog.showModal();
    return () => {
      closing.current = true;
      // Closed before it leaves the page: the browser gives focus back to what had it before.
      dialog.close();
      // Then to the trigger, once the event that closed it is over: a press on the backdrop would
      // otherwise move focus to the page under the pointer, and a browser that does not focus a
      // clicked button had nothing to give back.
      setTimeout(() => {
        if (opener?.isConnected) opener.focus();
      });
    };
  }, [trigger]);

  // Tab and Shift+Tab go round the dialog's own controls, never to the browser's address bar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(tabbable)].filter((element) => element.getClientRects().length > 0);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  // A press on the backdrop reaches the dialog element itself, outside its box.
  const closeOnBackdrop = (event: PointerEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) dismiss("pointer");
  };

  return (
    <dialog
      ref={ref}
      id={contentId}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-state="open"
      className={cn(
        "fixed inset-0 m-auto h-fit max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto backdrop:bg-black/50",
        "rounded-lg border border-border bg-background p-6 text-foreground shadow-lg",
        className,
      )}
      onCancel={(event) => {
        // Escape: the caller decides, as with every other way of closing.
        event.preventDefault();
        dismiss("escape");
      }}
      onClose={(event) => {
        // The browser closed it by itself (Escape pressed twice in a row): tell the caller, or,
        // with typed text, show it again as it was (its content never left the page) and keep
        // editing. A `close` event that arrives while it is open again is an old one (StrictMode's
        // second run of the effect in development closes and reopens it).
        if (closing.current || event.currentTarget.open) return;
        if (!typedText.typed()) return setOpen(false);
        event.currentTarget.showModal();
        backToEditing();
      }}
      onFocus={typedText.onFocus}
      onKeyDown={keepFocusInside}
      onPointerDown={closeOnBackdrop}
    >
      <h2 id={titleId} className="pr-10 text-lg font-semibold">
        {title}
      </h2>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {asking ? (
        <ProblemBlock className="mt-4">
          <p className="font-medium">
            <Trans>Discard changes?</Trans>
          </p>
          <p className="mt-1 text-muted-foreground">
            <Trans>What you typed here has not been saved.</Trans>
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button ref={keepEditing} variant="outline" onClick={backToEditing}>
              <Trans>Keep editing</Trans>
            </Button>
            <Button variant="destructive" onClick={() => setOpen(false)}>
              <Trans>Discard</Trans>
            </Button>
          </div>
        </ProblemBlock>
      ) : null}
      <div className="mt-4">{children}</div>
      <button
        type="button"
        className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => dismiss("pointer")}
      >
        <X className="h-4 w-4" aria-hidden />
        <span className="sr-only">
          <Trans>Close</Trans>
        </span>
      </button>
    </dialog>
  );
}

