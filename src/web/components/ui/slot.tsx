import { Children, type HTMLAttributes, type ReactElement, type Ref } from "react";

type Props = Record<string, unknown>;
type SlotProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/** The child's props over the slot's, except that both handlers run (the child's first), classes join and styles merge. */
function mergeProps(slot: Props, own: Props): Props {
  const merged = { ...slot, ...own };
  for (const name in own) {
    const mine = slot[name];
    const theirs = own[name];
    if (/^on[A-Z]/.test(name)) {
      merged[name] =
        typeof mine === "function" && typeof theirs === "function"
          ? (...args: unknown[]) => {
              const result: unknown = theirs(...args);
              mine(...args);
              return result;
            }
          : (theirs ?? mine);
    } else if (name === "style") merged[name] = { ...(mine as object), ...(theirs as object) };
    else if (name === "className") merged[name] = [mine, theirs].filter(Boolean).join(" ");
  }
  return merged;
}

/**
 * Renders its one child element with the slot's props merged in, as Radix's Slot did for `asChild`
 * (Button, DialogTrigger, DialogClose), and both refs set. Radix's Slot (with its ref composition)
 * was ~0.9 KiB gzip of the vendor chunk, on every page, for these few uses.
 */
export function Slot({ children, ref, ...slot }: SlotProps) {
  const child = Children.only(children) as ReactElement<Props & { ref?: Ref<HTMLElement> }>;
  const { ref: childRef, ...own } = child.props;
  const Child = child.type;
  const bothRefs = (node: HTMLElement | null) => {
    setRef(ref, node);
    setRef(childRef, node);
  };
  return <Child key={child.key} {...mergeProps(slot, own)} ref={ref && childRef ? bothRefs : (ref ?? childRef)} />;
}
