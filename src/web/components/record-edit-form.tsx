import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { reportFailedSave } from "@/web/lib/form-errors";
import { toast } from "@/web/lib/toast";
import { Button } from "./ui/button";

interface RecordEditFormProps<Values extends FieldValues, Input, Stored> {
  form: UseFormReturn<Values, unknown, Input>;
  save: (input: Input) => Promise<Stored>;
  /** The stored record as the form shows it: the form starts again from what the server kept. */
  valuesOf: (stored: Stored) => Values;
  /** "Project": the form is "Edit project", its button "Update Project", its toasts "Project updated successfully" and "Error updating project". */
  noun: string;
  children: ReactNode;
}

/** An admin's edit form of one record: its fields, then Update; a failed save is reported under the inputs and in a toast. */
export function RecordEditForm<Values extends FieldValues, Input, Stored>({ form, save, valuesOf, noun, children }: RecordEditFormProps<Values, Input, Stored>) {
  const { isSubmitting } = form.formState;
  const lower = noun.toLowerCase();

  const onSubmit = async (input: Input) => {
    try {
      const updated = await save(input);
      form.reset(valuesOf(updated));
      toast.success(`${noun} updated successfully`);
    } catch (error) {
      reportFailedSave(form, error, `Error updating ${lower}`);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={`Edit ${lower}`}>
      {children}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Updating..." : `Update ${noun}`}
        </Button>
      </div>
    </form>
  );
}
