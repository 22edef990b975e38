import { ArchesArt } from "~/platform/ui/decoration";
import { Icon } from "~/platform/ui/icons";
import { CtaLink } from "./links";
import { Eyebrow } from "./section";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { shortlistPromise } from "~/platform/settings";

/** The home page's opening: the promise, the first step, and a drawing of a vaulted gallery. */
export function HomeHero() {
  const promise = shortlistPromise(useSiteSettings().supportHours);
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden bg-ink-950 text-ivory-50">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="mx-auto h-full max-w-6xl px-6">
          <div className="h-full border-r border-ivory-50/[0.04] bg-[linear-gradient(to_right,rgb(253_252_249/0.04)_1px,transparent_1px)] bg-[size:calc(100%/12)_100%]" />
        </div>
      </div>
      <div className="relative mx-auto grid max-w-6xl gap-12 px-6 pb-16 pt-16 sm:gap-14 sm:pb-20 sm:pt-24 lg:grid-cols-12 lg:gap-8 lg:pb-28">
        <div className="lg:col-span-7 lg:pt-8">
          <Eyebrow tone="dark">Private wealth, thoughtfully matched</Eyebrow>
          <h1 id="home-title" className="mt-5 text-[2.5rem] font-semibold leading-[1.08] text-ivory-50 sm:text-6xl lg:text-[4.25rem]">
            Advisors who share your values, not only your ambitions.
          </h1>
          <p className="mt-7 max-w-xl text-lg leading-relaxed text-ink-200">
            WealthMatch introduces Wealth Creators to vetted wealth managers, private bankers, lawyers and tax and
            estate specialists. Tell us what matters to you: every verified professional is scored on your objectives,
            wealth and values, our team reviews the result, and you receive a shortlist of 3 to 5 {promise}.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <CtaLink to="/register" variant="gold">
              Start Your Journey
            </CtaLink>
            <CtaLink to="/matching" variant="outline-light">
              How Matching Works
            </CtaLink>
          </div>
          <p className="mt-6 flex items-start gap-2 text-sm leading-relaxed text-ink-300">
            <Icon name="lock" className="mt-0.5 h-4 w-4 shrink-0 text-gold-300" />
            Free for Wealth Creators. A professional sees your profile only after you ask for an introduction.
          </p>
        </div>
        <div className="lg:col-span-5 lg:self-end">
          <ArchesArt className="mx-auto w-full max-w-[18rem] text-ink-300 sm:max-w-md lg:max-w-none" />
          <div className="relative mx-4 -mt-16 rounded-card border border-ivory-50/15 bg-ink-900/90 p-5 backdrop-blur sm:mx-auto sm:max-w-sm lg:ml-8 lg:mr-0">
            <p className="text-xs font-semibold uppercase tracking-[0.16em] text-gold-300">Your shortlist</p>
            <p className="mt-2 font-serif text-xl text-ivory-50">3 to 5 vetted professionals, {promise}</p>
            <p className="mt-1 text-sm text-ink-300">Each with the reasons they fit your values, expertise and objectives.</p>
          </div>
        </div>
      </div>
    </section>
  );
}
