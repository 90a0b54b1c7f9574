import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";

/**
 * The `<option>`s of a select over one of the shared enums (statuses, priorities), in their
 * declared order, each in the reader's language (the maps of lib/i18n/labels.ts).
 */
export function EnumOptions<Value extends string>({ values, labels }: { values: readonly Value[]; labels: Record<Value, MessageDescriptor> }) {
  const { i18n } = useLingui();
  return values.map((value) => (
    <option key={value} value={value}>
      {i18n._(labels[value])}
    </option>
  ));
}

/** The `<option>`s of a select over named records (companies, projects): each one's name, valued by its id. */
export function NamedOptions({ records }: { records: ReadonlyArray<{ id: string; name: string }> }) {
  return records.map((record) => (
    <option key={record.id} value={record.id}>
      {record.name}
    </option>
  ));
}
