import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CARD_REASONS, ClientShortlist, FewerThanThree, forCard, type ShortlistCard } from "~/features/client-home/client-shortlist";

function render(node: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: "/", Component: () => node() }], { initialEntries: ["/"] });
  return renderToString(createElement(RouterProvider, { router })).replace(/<!-- -->/g, "");
}

const card = (id: number, over: Partial<ShortlistCard> = {}): ShortlistCard => ({
  id,
  name: `Pro ${id}`,
  title: "Advisor",
  company: `Firm ${id}`,
  reasons: ["Offers services for growth."],
  caveats: ["Estate planning is not among the services they list."],
  introduction: null,
  introductionId: null,
  available: true,
  declined: false,
  ...over,
});

describe("the client's shortlist cards", () => {
  it("says plainly when fewer than three fit, and nothing when three or more do", () => {
    expect(render(() => createElement(FewerThanThree, { count: 2 }))).toContain("Only 2 professionals fit your answers");
    expect(render(() => createElement(FewerThanThree, { count: 1 }))).toContain("Only one professional fits your answers");
    expect(render(() => createElement(FewerThanThree, { count: 3 }))).toBe(render(() => null));
  });

  it("links each profile, shows 'No longer available' without a button, and marks a declined one", () => {
    const html = render(() =>
      createElement(ClientShortlist, {
        confirmed: true,
        entries: [card(1), card(2, { available: false }), card(3, { declined: true })],
      }),
    );
    const [first = "", second = "", third = ""] = html.split('data-testid="client-shortlist-item"').slice(1);
    expect(first).toContain('href="/professionals/1"');
    expect(first).toContain("Why they fit you");
    expect(first).toContain("Worth knowing");
    expect(first).toContain("Request introduction");
    expect(first).toContain("Not for me");
    expect(second).toContain("No longer available");
    expect(second).not.toContain("Request introduction");
    expect(second).not.toContain('href="/professionals/2"');
    expect(third).toContain("You said they are not for you.");
    expect(third).not.toContain("Request introduction");
  });

  it("says 'Not for me' in one press (no reason box on the card); a declined card asks why, or offers to change the reason given", () => {
    const html = render(() =>
      createElement(ClientShortlist, {
        confirmed: true,
        entries: [card(1), card(2, { declined: true }), card(3, { declined: true, declineReason: "Too far away." })],
      }),
    );
    const [first = "", second = "", third = ""] = html.split('data-testid="client-shortlist-item"').slice(1);
    expect(first).toMatch(/<form[^>]*action="\/professionals\/1" method="post"><input type="hidden" name="intent" value="decline"\/><button[^>]*>Not for me/);
    expect(first).not.toContain("<textarea");
    expect(second).toContain("Tell us why (optional)");
    expect(second).toMatch(/<textarea[^>]*name="reason"[^>]*><\/textarea>/);
    expect(third).toContain("Change your reason");
    expect(third).toMatch(/<textarea[^>]*name="reason"[^>]*>Too far away.<\/textarea>/);
  });

  it("shows a card's first three reasons and says how many more the profile has; every 'Worth knowing' line stays", () => {
    const reasons = ["One.", "Two.", "Three.", "Four.", "Five."];
    const html = render(() => createElement(ClientShortlist, { confirmed: true, entries: [forCard(card(1, { reasons })), forCard(card(2, { reasons: ["Only."] }))] }));
    const [first = "", second = ""] = html.split('data-testid="client-shortlist-item"').slice(1);
    expect(CARD_REASONS).toBe(3);
    for (const shown of ["One.", "Two.", "Three."]) expect(first).toContain(shown);
    expect(first).not.toContain("Four.");
    expect(first).toContain("And 2 more reasons on their full profile.");
    expect(first).toContain("Estate planning is not among the services they list.");
    expect(second).toContain("Only.");
    expect(second).not.toContain("more reason");
  });
});
