import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ClientShortlist, FewerThanThree, type ShortlistCard } from "~/features/client-home/client-shortlist";
import { summaryOf, type SummaryRow } from "~/features/professionals/professional-summary";

function render(node: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: "/", Component: () => node() }], { initialEntries: ["/"] });
  return renderToString(createElement(RouterProvider, { router })).replace(/<!-- -->/g, "");
}

const row = (id: number, over: Partial<SummaryRow> = {}): SummaryRow => ({
  id,
  name: `Pro ${id}`,
  title: "Advisor",
  company: `Firm ${id}`,
  location: null,
  profileImage: null,
  certifications: [],
  feeModel: null,
  feeMinimum: null,
  languages: [],
  ...over,
});

const card = (id: number, over: Partial<ShortlistCard> = {}): ShortlistCard => ({
  summary: summaryOf(row(id)),
  reasons: ["Offers services for growth."],
  moreReasons: 0,
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
    // The card's one form: "Not for me" posts intent=decline to the professional's page through its formaction.
    expect(first.match(/<form/g)).toHaveLength(1);
    const notForMe = (rest: string) => new RegExp(`<button(?=[^>]* name="intent")(?=[^>]* value="decline")${rest}[^>]*>Not for me`);
    expect(first).toMatch(notForMe('(?=[^>]* formAction="/professionals/1")'));
    // Without a confirmed address the card cannot ask for an introduction: "Not for me" is a form of its own.
    const unconfirmed = render(() => createElement(ClientShortlist, { confirmed: false, entries: [card(1)] }));
    expect(unconfirmed).toMatch(new RegExp(`<form[^>]*action="/professionals/1" method="post">${notForMe("").source}`));
    expect(first).not.toContain("<textarea");
    expect(second).toContain("Tell us why (optional)");
    expect(second).toMatch(/<textarea[^>]*name="reason"[^>]*><\/textarea>/);
    expect(third).toContain("Change your reason");
    expect(third).toMatch(/<textarea[^>]*name="reason"[^>]*>Too far away.<\/textarea>/);
  });

  it("shows the card's reasons and says how many more the profile has; every 'Worth knowing' line stays", () => {
    const reasons = ["One.", "Two.", "Three."];
    const html = render(() =>
      createElement(ClientShortlist, { confirmed: true, entries: [card(1, { reasons, moreReasons: 2 }), card(2, { reasons: ["Only."] })] }),
    );
    const [first = "", second = ""] = html.split('data-testid="client-shortlist-item"').slice(1);
    for (const shown of ["One.", "Two.", "Three."]) expect(first).toContain(shown);
    expect(first).toContain("And 2 more reasons on their full profile.");
    expect(first).toContain("Estate planning is not among the services they list.");
    expect(second).toContain("Only.");
    expect(second).not.toContain("more reason");
  });

  it("heads each card with photo or initials, name, title and firm, city, qualifications in words, fees and minimum, languages", () => {
    const known = summaryOf(
      row(1, {
        name: "Eleanor Whitfield",
        title: "Partner",
        company: "Whitfield & Co",
        location: "Geneva",
        profileImage: "/uploads/eleanor.webp",
        certifications: ["CFA", "CFP", "Bar/Lawyer", "Nonsense"],
        feeModel: "fee-only",
        feeMinimum: 250000,
        languages: ["English", "French"],
      }),
    );
    const bare = summaryOf(row(2, { name: "Samuel Okafor", profileImage: "https://elsewhere.example/p.jpg" }));
    const html = render(() => createElement(ClientShortlist, { confirmed: true, entries: [card(1, { summary: known }), card(2, { summary: bare })] }));
    const [first = "", second = ""] = html.split('data-testid="client-shortlist-item"').slice(1);
    expect(first).toContain('<img src="/uploads/eleanor.webp" alt="Photo of Eleanor Whitfield"');
    expect(first).toMatch(/<h3[^>]*>Eleanor Whitfield<\/h3>/);
    expect(first).toContain("Partner, Whitfield &amp; Co");
    expect(first).toContain("Geneva");
    for (const words of ["Chartered Financial Analyst (CFA)", "Certified Financial Planner (CFP)", "Lawyer admitted to the bar"]) expect(first).toContain(words);
    expect(first).not.toContain("Nonsense");
    expect(first).not.toContain("Bar/Lawyer");
    expect(first).toContain("Fee-only, minimum fee $250,000 a year");
    expect(first).toContain("English, French");
    // No photo of its own (an outside address is never rendered): the initials, and nothing made up.
    expect(second).not.toContain("<img");
    expect(second).toMatch(/data-testid="avatar-initials"[^>]*>SO<\/span>/);
    expect(second).toContain("Not stated: ask them in your first conversation");
    expect(second).not.toContain('data-testid="pro-city"');
    expect(second).not.toContain('data-testid="pro-credentials"');
  });
});
