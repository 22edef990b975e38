import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/platform/settings";
import { getSettings, saveSettings, seedSettings } from "~/platform/settings.server";
import { seedDemoContent } from "~/features/seed/demo.server";
import { countLive, forgetLiveCounts } from "~/features/marketing/figures.server";
import { loader as rootLoader } from "~/root";
import { call, getRequest } from "./helpers";

/** What a visitor's browser receives with every page: the root loader's data, as JSON. */
const rootData = async () => {
  forgetLiveCounts();
  return (await call(rootLoader, getRequest("/"))).data;
};

describe("a fresh install with the demo data", () => {
  it("the demo sets no figure, and the pages quote nothing the database does not back", async () => {
    await seedSettings();
    expect((await seedDemoContent()).seeded).toBe(true);
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);

    const live = await countLive();
    // The demo's verified professionals are fewer than the minimum: no figure at all.
    expect(live.verifiedProfessionals).toBeLessThan(DEFAULT_SETTINGS.figures.minimumLiveCount);
    const data = await rootData();
    expect(data.settings.figures).toEqual({});
    expect(JSON.stringify(data)).not.toMatch(/500\+|1000\+|\$2B|98%|85%|95%|2,000\+|\$2\.5M/);

    // With the minimum at the demo's size, the one figure shown is the count itself.
    await saveSettings({ ...DEFAULT_SETTINGS, figures: { minimumLiveCount: live.verifiedProfessionals } });
    const figures = (await rootData()).settings.figures;
    expect(Object.keys(figures)).toEqual(["vettedProfessionals"]);
    expect(figures.vettedProfessionals?.value).toBe(String(live.verifiedProfessionals));
    await saveSettings(DEFAULT_SETTINGS);
  });
});
