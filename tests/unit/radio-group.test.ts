import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RadioGroup } from "~/platform/ui/choice-fields";
import type { FieldMeta } from "~/platform/ui/field";

const options = [
  { value: "email", label: "Email" },
  { value: "video", label: "Video call" },
];
/** The conform field as a form holding `defaultValue` hands it out (only what the group reads). */
const meta = (defaultValue?: string) =>
  ({ name: "preferredCommunication", id: "f-preferredCommunication", formId: "f", initialValue: defaultValue, errors: undefined }) as unknown as FieldMeta;
const render = ({ defaultValue, noAnswer }: { defaultValue?: string; noAnswer?: string }) =>
  renderToStaticMarkup(createElement(RadioGroup, { meta: meta(defaultValue), legend: "Preferred Communication", options, noAnswer }));
/** The values of the radios in the markup, the checked one marked with "*". */
const radios = (html: string) =>
  [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => {
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "?";
    return / checked=""/.test(tag) ? `${value}*` : value;
  });

describe("RadioGroup", () => {
  it("an optional question offers a last choice that answers nothing, chosen while nothing is", () => {
    expect(radios(render({ noAnswer: "No preference" }))).toEqual(["email", "video", "*"]);
    expect(render({ noAnswer: "No preference" })).toContain("No preference");
  });

  it("a given answer is chosen, and can be taken back through that last choice", () => {
    expect(radios(render({ noAnswer: "No preference", defaultValue: "video" }))).toEqual(["email", "video*", ""]);
  });

  it("an answer that is not among the options counts as none", () => {
    expect(radios(render({ noAnswer: "No preference", defaultValue: "pigeon" }))).toEqual(["email", "video", "*"]);
  });

  it("a required question has no such choice", () => {
    expect(radios(render({}))).toEqual(["email", "video"]);
    expect(radios(render({ defaultValue: "email" }))).toEqual(["email*", "video"]);
  });
});
