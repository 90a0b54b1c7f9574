/** The `<option>`s of a select over one of the shared enums (statuses, priorities), in their declared order. */
export function EnumOptions<Value extends string>({ values, labels }: { values: readonly Value[]; labels: Record<Value, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
