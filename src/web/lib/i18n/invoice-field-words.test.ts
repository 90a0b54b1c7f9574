import { describe, expect, it } from "vitest";
import { invoiceTextFieldNames, invoiceTextFields } from "@/shared/rules/invoice-fields";
import { invoiceFieldWords } from "./invoice-field-words";

/**
 * The web's words of each invoice text field are catalogue messages whose English must be the
 * shared table's, word for word: the server sends `tooLong` and the form shows it, and the history's
 * names are the shared wording (activity-sentence.test.ts checks whole sentences). A field added to
 * the table without its words, or a limit changed on one side only, fails here.
 */
describe("invoice text field words", () => {
  it("has words for every field of the table, and for no other", () => {
    expect(Object.keys(invoiceFieldWords).sort()).toEqual([...invoiceTextFieldNames].sort());
  });

  it.each(invoiceTextFieldNames)("%s: the refusal and the history's names are the table's English", (name) => {
    const words = invoiceFieldWords[name];
    const field = invoiceTextFields[name];
    expect(words.tooLong.message).toBe(field.tooLong);
    expect(words.historyAfterActor.message).toBe(field.history.label);
    expect(words.historyWithoutActor.message).toBe(field.history.label);
  });

  it.each(invoiceTextFieldNames)("%s: the refusal states the table's limit", (name) => {
    expect(invoiceTextFields[name].tooLong).toContain(String(invoiceTextFields[name].max));
  });
});
