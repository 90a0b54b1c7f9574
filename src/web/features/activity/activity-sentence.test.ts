import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { activityFields, activityKinds, activitySubjectLabels, activitySubjects, describeActivity, type ActivityWords } from "@/shared/rules/activity";
import { activityMessageMaps, activitySentence, activitySubjectMessages } from "./lib/activity-sentence";

/** English, from the messages' source text (no catalogue loaded): what the English catalogue holds. */
const i18n = setupI18n({ locale: "en", messages: { en: {} } });

const money = (amount: string) => `€${amount}`;

/** The shared module's line for an entry, as the screen showed it before the catalogue. */
function sharedLine(entry: ActivityWords, actor: string | null, withMoney: boolean): string {
  const what = describeActivity(entry, withMoney ? { money } : {});
  return actor ? `${actor} ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
}

function catalogueLine(entry: ActivityWords, actor: string | null, withMoney: boolean): string {
  return i18n._(activitySentence(entry, i18n, withMoney ? { actor, money } : { actor }));
}

/** Values worth trying in a field: its enum's codes (and an unknown one), else a date, an amount, a name, and empty ones. */
function sampleValues(subject: ActivityWords["subject"], field: string): Array<string | null> {
  const codes = (activityMessageMaps.enumValues[subject] as Record<string, Record<string, unknown> | undefined>)[field];
  const values = codes ? [...Object.keys(codes), "retired_code"] : ["2026-03-01", "1234.5", "80", "Theo Team", "<b>bold</b> & {braces}"];
  return [...values, null, ""];
}

/** Every entry the shared wording distinguishes: each subject, kind, field and before/after shape. */
function everyEntry(): ActivityWords[] {
  const entries: ActivityWords[] = [];
  for (const subject of activitySubjects) {
    for (const kind of activityKinds) {
      const base = { subject, kind, field: null, from: null, to: null };
      if (kind === "attached") entries.push({ ...base, to: "trace.pdf" }, { ...base, to: "" }, base);
      else if (kind !== "changed") entries.push(base, { ...base, to: "unpaid" });
    }
    const fields = [...Object.keys(activityFields[subject]), "retiredField", null];
    for (const field of fields) {
      const values = field ? sampleValues(subject, field) : [null];
      for (const from of values) {
        for (const to of values) entries.push({ subject, kind: "changed", field, from, to });
      }
    }
  }
  return entries;
}

describe("activity sentences through the catalogue", () => {
  it.each(activityKinds)("%s: the English line is the shared wording, word for word, with and without an actor", (kind) => {
    const entries = everyEntry().filter((entry) => entry.kind === kind);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      for (const actor of ["Olivia Owner", null]) {
        for (const withMoney of [false, true]) {
          expect(catalogueLine(entry, actor, withMoney), JSON.stringify({ entry, actor, withMoney })).toBe(sharedLine(entry, actor, withMoney));
        }
      }
    }
  });

  it("names every field of the shared list, in both forms, as the shared label does", () => {
    for (const names of [activityMessageMaps.fieldsAfterActor, activityMessageMaps.fieldsWithoutActor]) {
      for (const subject of activitySubjects) {
        const english = Object.fromEntries(Object.entries(names[subject]).map(([field, descriptor]) => [field, descriptor.message]));
        const shared = Object.fromEntries(Object.entries(activityFields[subject]).map(([field, rule]) => [field, rule.label]));
        expect(english).toEqual(shared);
      }
    }
  });

  it("names each kind of record as the shared label does", () => {
    const english = Object.fromEntries(Object.entries(activitySubjectMessages).map(([subject, descriptor]) => [subject, descriptor.message]));
    expect(english).toEqual(activitySubjectLabels);
  });

  it("puts the actor and the values in as placeholders, not into the message's text", () => {
    const sentence = activitySentence({ subject: "ticket", kind: "changed", field: "status", from: "pending", to: "doing" }, i18n, { actor: "Olivia Owner" });
    expect(sentence.message).toBe("{actor} changed {field} from {from} to {to}");
    expect(sentence.values).toEqual({ actor: "Olivia Owner", field: "status", from: "Pending", to: "Doing" });
  });
});
