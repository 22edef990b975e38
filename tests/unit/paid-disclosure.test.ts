// How WealthMatch is paid, said where it recommends: the shortlist's e-mail carries the disclosure in the
// words of the page (how-we-are-paid.ts) and a link to it; the page is public and in the sitemap. (The
// shortlist and the profile are checked in the browser, at 375 px without JavaScript: paid-disclosure.spec.ts.)
import { describe, expect, it } from "vitest";
import { mailShortlistReleased } from "~/features/matching/matching-mail.server";
import { HOW_WE_ARE_PAID_PATH, PAID_DETAIL, PAID_LEAD } from "~/features/matching/how-we-are-paid";
import { PUBLIC_PAGES } from "~/features/site/public-pages";
import { sitemapEntries } from "~/features/site/sitemap.data.server";
import { getRequest } from "./helpers";
import { mailsTo, uniqueEmail } from "./support/auth-requests";

describe("how WealthMatch is paid", () => {
  it("the e-mail that releases a shortlist says it, with the link to the page", async () => {
    const to = uniqueEmail("paid-mail");
    await mailShortlistReleased(getRequest("/admin/matches/x"), to, 4);
    const [mail] = mailsTo(to);
    expect(mail).toContain("Your WealthMatch shortlist is ready");
    // Quoted-printable may fold long lines: compare with the soft breaks taken out.
    const text = mail!.replace(/\s+/g, " ");
    expect(text).toContain(PAID_LEAD);
    expect(text).toContain(PAID_DETAIL);
    expect(text).toMatch(new RegExp(`https?://[^\\s/]+${HOW_WE_ARE_PAID_PATH}`));
  });

  it("the page is public and listed in the sitemap", async () => {
    expect(PUBLIC_PAGES.find((p) => p.path === HOW_WE_ARE_PAID_PATH)).toMatchObject({ sitemap: true, file: "routes/how-we-are-paid.tsx" });
    expect((await sitemapEntries()).map((e) => e.path)).toContain(HOW_WE_ARE_PAID_PATH);
  });
});
