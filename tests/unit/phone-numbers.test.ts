import { describe, expect, it } from "vitest";
import { isFictionalPhone } from "~/domain/phone-numbers";
import { DEFAULT_SETTINGS } from "~/platform/settings";

describe("fictional phone numbers", () => {
  it("recognizes the 555-01xx range in any way it is written", () => {
    for (const phone of ["+1 (212) 555-0147", "+1 (212) 555-0148", "212.555.0100", "1 646 555 0199", "(617) 5550123"]) {
      expect(isFictionalPhone(phone), phone).toBe(true);
    }
  });

  it("leaves real-looking numbers alone, 555 numbers outside the range included", () => {
    for (const phone of ["+1 (212) 555-0200", "+1 212 555 1234", "+41 44 555 01 47", "+44 20 7946 0018", "+1 (212) 736-5000", "555-0147"]) {
      expect(isFictionalPhone(phone), phone).toBe(false);
    }
  });

  it("flags the defaults a fresh install starts with", () => {
    expect(isFictionalPhone(DEFAULT_SETTINGS.contact.phone)).toBe(true);
    expect(isFictionalPhone(DEFAULT_SETTINGS.support.phone)).toBe(true);
  });
});
