import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxGroup } from "~/platform/ui/choice-fields";
import { CheckboxField, SelectField, TextField, type FieldMeta } from "~/platform/ui/field";
import { FieldList } from "~/platform/ui/field-list";
import { pageWindow } from "~/platform/ui/pagination";
import { isPending } from "~/platform/ui/use-is-pending";

/** A conform field as a form hands it out (only what the field components read). */
const meta = (name: string, initialValue?: unknown, errors?: string[]) =>
  ({ name, id: `form-${name}`, formId: "form", initialValue, errors }) as unknown as FieldMeta;

const tag = (html: string, element: string) => new RegExp(`<${element}[^>]*>`).exec(html)?.[0] ?? "";

describe("the Field family", () => {
  it("a text field is labelled, keeps its value, and points at its error words and hint", () => {
    const html = renderToStaticMarkup(createElement(TextField, { meta: meta("email", "a@b.c", ["Please enter a valid email"]), type: "email", label: "Email", hint: "We never share it." }));
    const input = tag(html, "input");
    expect(html).toContain('<label for="email"');
    expect(input).toContain('id="email"');
    expect(input).toContain('name="email"');
    expect(input).toContain('value="a@b.c"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="email-error email-hint"');
    expect(input).not.toContain("form=");
    expect(html).toContain('<ul id="email-error"');
    expect(html).toContain('<p id="email-hint"');
  });

  it("a valid field carries no aria-invalid and names only its hint", () => {
    const input = tag(renderToStaticMarkup(createElement(TextField, { meta: meta("phone"), label: "Phone", hint: "Optional." })), "input");
    expect(input).not.toContain("aria-invalid");
    expect(input).toContain('aria-describedby="phone-hint"');
  });

  it("a control may carry another id than its name (two forms on one page)", () => {
    const html = renderToStaticMarkup(createElement(TextField, { meta: meta("firstName", undefined, ["Required"]), id: "contact-firstName", label: "First name" }));
    expect(html).toContain('for="contact-firstName"');
    expect(tag(html, "input")).toContain('aria-describedby="contact-firstName-error"');
    expect(tag(html, "input")).toContain('name="firstName"');
  });

  it("a select starts on its placeholder when nothing is chosen, else on the answer", () => {
    const options = [{ value: "a", label: "A" }, { value: "b", label: "B" }];
    const empty = renderToStaticMarkup(createElement(SelectField, { meta: meta("x"), label: "X", placeholder: "Pick", options }));
    expect(empty).toContain('<option value="" selected="">Pick</option>');
    const chosen = renderToStaticMarkup(createElement(SelectField, { meta: meta("x", "b"), label: "X", placeholder: "Pick", options }));
    expect(chosen).toContain('<option value="b" selected="">B</option>');
  });

  it("a checkbox group ticks the answers given; only its first box carries the id its legend's errors name", () => {
    const options = [{ value: "a", label: "A" }, { value: "b", label: "B" }];
    const html = renderToStaticMarkup(createElement(CheckboxGroup, { meta: meta("langs", ["b"], ["Choose one"]), legend: "Languages", options }));
    const boxes = [...html.matchAll(/<input[^>]*>/g)].map(([t]) => t);
    expect(boxes[0]).toContain('id="langs"');
    expect(boxes[1]).not.toMatch(/ id="/);
    expect(boxes[1]).toContain('checked=""');
    expect(boxes.every((b) => b.includes('aria-invalid="true"'))).toBe(true);
    expect(tag(html, "fieldset")).toContain('aria-describedby="langs-error"');
  });

  it("a single checkbox is ticked by 'on'", () => {
    const input = tag(renderToStaticMarkup(createElement(CheckboxField, { meta: meta("agree", "on"), label: "I agree" })), "input");
    expect(input).toContain('checked=""');
    expect(input).toContain('id="agree"');
  });

  it("a field list renders rows side by side and hands the focus to the field named", () => {
    const fields = { a: meta("a"), b: meta("b"), c: meta("c") };
    const html = renderToStaticMarkup(
      createElement(FieldList, {
        fields,
        focus: (name: string) => (name === "c" ? true : undefined),
        specs: [
          [
            { kind: "text", name: "a", label: "A" },
            { kind: "text", name: "b", label: "B" },
          ],
          { kind: "textarea", name: "c", label: "C" },
        ],
      }),
    );
    expect(html).toContain('<div class="grid gap-5 sm:grid-cols-2">');
    expect(tag(html, "textarea")).toContain("autofocus");
    expect(tag(html, "input")).not.toContain("autofocus");
  });
});

describe("isPending", () => {
  const sending = (formAction: string, fields: Record<string, string> = {}, state = "submitting") => {
    const formData = new FormData();
    for (const [k, v] of Object.entries(fields)) formData.set(k, v);
    return { state, formMethod: "POST", formAction, formData };
  };

  it("is false when nothing is sent", () => {
    expect(isPending({ state: "idle" })).toBe(false);
  });

  it("matches the form's address by its path, whatever query or hash it carries", () => {
    expect(isPending(sending("/login?redirectTo=%2Fx"), { formAction: "/login" })).toBe(true);
    expect(isPending(sending("/contact#send-message"), { formAction: "/contact" })).toBe(true);
    expect(isPending(sending("/logout"), { formAction: "/login" })).toBe(false);
  });

  it("tells apart the buttons of one form by what they send", () => {
    expect(isPending(sending("/admin/blog", { intent: "toggle", id: "3" }), { formData: { intent: "toggle", id: "3" } })).toBe(true);
    expect(isPending(sending("/admin/blog", { intent: "toggle", id: "4" }), { formData: { intent: "toggle", id: "3" } })).toBe(false);
  });

  it("counts the page loading after the post unless only the sending counts", () => {
    expect(isPending(sending("/x", {}, "loading"))).toBe(true);
    expect(isPending(sending("/x", {}, "loading"), { state: "submitting" })).toBe(false);
    expect(isPending({ state: "loading", formMethod: undefined, formAction: undefined })).toBe(false);
    expect(isPending({ state: "loading" }, { formMethod: null })).toBe(true);
  });
});

describe("pageWindow", () => {
  it("links the first, the last and two pages either side, with gaps between", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});
