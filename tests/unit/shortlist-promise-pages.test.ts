import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getSettings } from "~/platform/settings.server";
import Services from "~/routes/services";
import Matching from "~/routes/matching";
import Home from "~/routes/home";

async function render(Page: ComponentType) {
  const root = { settings: await getSettings() };
  const router = createMemoryRouter([{ id: "root", path: "/", Component: Page, loader: () => root }], {
    initialEntries: ["/"],
    hydrationData: { loaderData: { root } },
  });
  return renderToString(createElement(RouterProvider, { router }));
}

describe("the shortlist promise is the same everywhere", () => {
  it("/services, /matching and / promise the shortlist within one business day, never within 24 hours", async () => {
    for (const page of [Services, Matching, Home]) {
      const html = await render(page);
      expect(html).toContain("within one business day");
      expect(html).not.toMatch(/shortlist[^.]*within 24 hours/i);
    }
  });
});
