import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { InvoiceTextFieldName } from "@/shared/rules/invoice-fields";

/**
 * The words of each invoice text field (src/shared/rules/invoice-fields.ts) in the web's catalogue:
 * the one file a new field's translations go in. `label` names the input and the page's heading;
 * `tooLong` is the table's message word for word (the server sends it, the form shows it); the
 * history's name after an actor and without one are activity-sentence.ts's two contexts. The
 * English of each is held to the table by invoice-field-words.test.ts and activity-sentence.test.ts.
 */
export interface InvoiceFieldWords {
  label: MessageDescriptor;
  tooLong: MessageDescriptor;
  historyAfterActor: MessageDescriptor;
  historyWithoutActor: MessageDescriptor;
}

export const invoiceFieldWords: Record<InvoiceTextFieldName, InvoiceFieldWords> = {
  notes: {
    label: msg`Notes`,
    tooLong: msg`Notes must be at most 5000 characters`,
    historyAfterActor: msg({ message: "notes", context: "activity field, after a name" }),
    historyWithoutActor: msg({ message: "notes", context: "activity field, no actor" }),
  },
};
