import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RadioGroup } from "~/platform/ui/choice-fields";

const options = [
  { value: "email", label: "Email" },
  { value: "video", label: "Video call" },
];
const render = (props: { defaultValue?: string; noAnswer?: string }) =>
  renderToStaticMarkup(createElement(RadioGroup, { name: "preferredCommunication", legend: "Preferred Communication", options, ...props }));
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
