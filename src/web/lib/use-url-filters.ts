import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * A list's filters kept in the URL's search parameters beside its page, search and sort
 * (useListParams), so a reload, the back button or a shared link shows the same list. A value
 * outside `allowed` (an edited or outdated link) counts as no filter; a change starts again at page 1.
 */
export function useUrlFilters<Key extends string>(allowed: Record<Key, (value: string) => boolean>) {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(allowed) as Key[];
  const values = Object.fromEntries(
    keys.map((key) => {
      const value = params.get(key) ?? "";
      return [key, value && allowed[key](value) ? value : ""];
    }),
  ) as Record<Key, string>;

  const set = useCallback(
    (key: Key, value: string) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete("page");
        return next;
      }),
    [setParams],
  );

  const clear = useCallback(
    () =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const key of Object.keys(allowed)) next.delete(key);
        next.delete("page");
        return next;
      }),
    // `allowed` is a module constant of each list, so this stays one function.
    [setParams, allowed],
  );

  return { values, set, clear, active: keys.some((key) => values[key] !== "") };
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id as the API takes it. */
export const isId = (value: string) => uuidShape.test(value);
/** One of `values`. */
export const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);
