import { describe, expect, it } from "vitest";
import { answerText, COMMUNICATION_OPTIONS } from "~/domain/vocabulary";

// The one way a stored registration answer is put into words: the wizard's review step, the admin's
// match page and registration facts, and the professional's matching data all read it so.
describe("answerText", () => {
  it("names each stored value by its option's label, in the order given", () => {
    const [first, second] = COMMUNICATION_OPTIONS;
    expect(answerText([second!.value, first!.value], COMMUNICATION_OPTIONS)).toBe(`${second!.label}, ${first!.label}`);
    expect(answerText(first!.value, COMMUNICATION_OPTIONS)).toBe(first!.label);
  });

  it("shows a value no option has as it was stored, and a free answer as typed", () => {
    expect(answerText(["retired-channel"], COMMUNICATION_OPTIONS)).toBe("retired-channel");
    expect(answerText("Family office in Geneva")).toBe("Family office in Geneva");
  });

  it("is null when nothing was given", () => {
    for (const nothing of [undefined, null, "", []]) expect(answerText(nothing, COMMUNICATION_OPTIONS)).toBeNull();
  });
});
