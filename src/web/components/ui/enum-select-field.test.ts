import { i18n, type MessageDescriptor } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createElement } from "react";
// eslint-disable-next-line no-restricted-imports -- React's renderer, not src/server: the boundary's "**/server" pattern matches it too
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnumSelectField } from "./enum-select-field";

type Priority = "low" | "high";

// Words unlike the values, so an option's text can only have come from this map.
const labels: Record<Priority, MessageDescriptor> = {
  low: { id: "test.priority.low", message: "When there is time" },
  high: { id: "test.priority.high", message: "Before anything else" },
};

interface Rendered {
  attributes: Record<string, string>;
  text: string;
}

/**
 * The field as the server renders it, read back per element. The web tests run without a DOM, and
 * React's static markup quotes every attribute and escapes the quotes within, which this relies on.
 */
function render(props: { required?: boolean; error?: string }) {
  const field = createElement(EnumSelectField<Priority>, { id: "priority", label: "Priority", values: ["low", "high"], labels, ...props });
  const html = renderToStaticMarkup(createElement(I18nProvider, { i18n }, field));
  const elements = [...html.matchAll(/<(\w+)([^>]*)>([^<]*)/g)].map(([, tag = "", attributes = "", text = ""]) => ({
    tag,
    attributes: Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, value])),
    text,
  }));
  const only = (tag: string): Rendered[] => elements.filter((element) => element.tag === tag);
  return { select: only("select")[0], options: only("option"), byId: (id: string) => elements.find((element) => element.attributes.id === id) };
}

describe("EnumSelectField", () => {
  it("marks a required select with aria-required, and leaves it off otherwise", () => {
    expect(render({ required: true }).select?.attributes["aria-required"]).toBe("true");
    expect(render({}).select?.attributes).not.toHaveProperty("aria-required");
  });

  it("shows the error and ties it to the select: invalid, and described by the element holding the message", () => {
    const { select, byId } = render({ error: "Choose a priority" });
    const describedBy = select?.attributes["aria-describedby"];

    expect(select?.attributes["aria-invalid"]).toBe("true");
    expect(describedBy).toBe("priority-error");
    expect(byId(describedBy ?? "")).toMatchObject({ tag: "p", text: "Choose a priority", attributes: { role: "alert" } });
  });

  it("without an error is not invalid, is described by nothing and shows no message", () => {
    const { select, byId } = render({ required: true });

    expect(select?.attributes["aria-invalid"]).not.toBe("true");
    expect(select?.attributes).not.toHaveProperty("aria-describedby");
    expect(byId("priority-error")).toBeUndefined();
  });

  it("labels each option from the labels map, valued by the enum's value, in the values' order", () => {
    const { options } = render({});

    expect(options.map(({ attributes, text }) => [attributes.value, text])).toEqual([
      ["low", "When there is time"],
      ["high", "Before anything else"],
    ]);
  });
});
