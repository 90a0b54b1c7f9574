import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { reportFailedSave } from "@/web/lib/form-errors";
import { toast } from "@/web/lib/toast";
import { SubmitButton } from "./ui/button";

interface RecordEditFormProps<Values extends FieldValues, Input, Stored> {
  form: UseFormReturn<Values, unknown, Input>;
  save: (input: Input) => Promise<Stored>;
  /** The stored record as the form shows it: the form starts again from what the server kept. */
  valuesOf: (stored: Stored) => Values;
  /**
   * The form's words, spelled out (they are the spec's, and a translation must see them whole):
   * its accessible name, its button, and the toasts after a save and after a failed one.
   */
  texts: { label: string; submit: string; saved: string; failed: string };
  children: ReactNode;
}

/**
 * The form state of a record's edit form: checked by the form's schema, starting from the record as
 * stored (and, after each save, from what the server kept: `RecordEditForm` resets it with `valuesOf`).
 */
export function useRecordForm<Values extends FieldValues, Input, Stored>(schema: $ZodType<Input, Values>, stored: Stored, valuesOf: (stored: Stored) => Values & DefaultValues<Values>) {
  return useForm<Values, unknown, Input>({ resolver: zodResolver(schema), defaultValues: valuesOf(stored) });
}

/** An admin's edit form of one record: its fields, then Update; a failed save is reported under the inputs and in a toast. */
export function RecordEditForm<Values extends FieldValues, Input, Stored>({ form, save, valuesOf, texts, children }: RecordEditFormProps<Values, Input, Stored>) {
  const { isSubmitting } = form.formState;
  const { t } = useLingui();

  const onSubmit = async (input: Input) => {
    try {
      const updated = await save(input);
      form.reset(valuesOf(updated));
      toast.success(texts.saved);
    } catch (error) {
      reportFailedSave(form, error, texts.failed);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={texts.label}>
      {children}
      <div className="flex justify-end">
        <SubmitButton label={texts.submit} workingLabel={t`Updating...`} isSubmitting={isSubmitting} />
      </div>
    </form>
  );
}
