import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/contact";
import { AnchoredFlash } from "~/platform/ui/flash-message";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { ContactBlock } from "~/features/marketing/contact-block";
import { SupportHours } from "~/features/marketing/support-hours";
import { Faq, type FaqItem } from "~/features/marketing/faq";
import { Icon } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { shortlistPromise, type PageSettings } from "~/platform/settings";
import { ContactForm } from "~/features/contact/contact-form";
import { contactAction, contactLoader } from "~/features/contact/contact.server";
import { actionRetryAfter } from "~/platform/http/retry-after";

export const loader = ({ request }: Route.LoaderArgs) => contactLoader(request);
export const action = (args: Route.ActionArgs) => contactAction(args);
export const headers = actionRetryAfter;

/** After a refused token the page loads a fresh one (a refusal is a 4xx, which skips reloading by default). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (typeof actionResult === "object" && actionResult !== null && "csrfRefused" in actionResult) || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description:
      "Contact the WealthMatch team about finding a vetted financial professional or joining our network. Support hours, contact details and answers to common questions. We reply within 24 hours.",
    path: "/contact",
  });

function faqs(settings: PageSettings): FaqItem[] {
  return [
    {
      question: "How much does WealthMatch cost?",
      answer:
        "For Wealth Creators, nothing: clients use WealthMatch free of charge. Professionals pay a subscription to be part of our network, which is how we fund the service.",
    },
    {
      question: "How quickly will I receive my matches?",
      answer:
        `Once your profile is complete, you receive a shortlist of 3 to 5 vetted professionals ${shortlistPromise(settings.supportHours)}. A professional you ask to be introduced to, and who accepts, will then be in touch directly.`,
    },
    {
      question: "Who can see my profile?",
      answer:
        "Only a verified professional you ask to be introduced to, and the small WealthMatch team that reviews matches. Your profile is never published or shared with advertisers.",
    },
    {
      question: "How do you vet professionals?",
      answer:
        "We verify each professional's identity, firm and credentials, require a minimum of 3 years of professional experience, and ask for full disclosure of any disciplinary action before a profile goes live.",
    },
    {
      question: "What do I need to join as a professional?",
      answer:
        "A minimum of 3 years of experience in wealth management, private banking, law, tax or estate planning, the credentials your discipline requires, and a complete, honest profile. Membership is by subscription; we share pricing with every applicant.",
    },
    {
      question: "Am I obliged to work with the professionals I am matched with?",
      answer:
        "No. You decide whom to meet and whether to engage anyone. If your shortlist does not feel right, tell us and we will look again.",
    },
    {
      question: "Does WealthMatch give financial advice?",
      answer:
        "No. WealthMatch is a matching service and does not provide investment, legal or tax advice. Advice comes from the professionals you choose to engage.",
    },
    {
      question: "How do I have my information deleted?",
      answer: (
        <>
          Write to{" "}
          <a className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4" href={`mailto:${settings.support.email}`}>
            {settings.support.email}
          </a>{" "}
          from the email address on your account. We delete your account and profile and confirm by email, as set
          out in our{" "}
          <a className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4" href="/privacy">
            Privacy Policy
          </a>
          .
        </>
      ),
    },
  ];
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const email = settings.contact.email;
  return (
    <>
      <PageHero
        eyebrow="Contact Us"
        title="Speak with our team"
        intro={
          <p>
            Questions about finding a professional, joining our network or anything else: we reply within 24 hours.
          </p>
        }
      />

      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-16 sm:py-20 lg:grid-cols-12">
        <section
          id="send-message"
          aria-labelledby="message-title"
          data-slot="contact-form"
          className="scroll-mt-24 rounded-card border border-ink-100 bg-white p-7 sm:p-10 min-w-0 lg:col-span-7 lg:self-start"
        >
          <AnchoredFlash anchor="send-message" className="mb-6" />
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-700">
            <Icon name="mail" />
          </span>
          <h2 id="message-title" className="mt-6 text-3xl font-semibold">
            Send us a message
          </h2>
          <p className="mt-4 max-w-[60ch] text-base leading-relaxed text-slate-600">
            Tell us who you are and how we can help, and a member of our team will reply within 24 hours. You can
            also write to us at{" "}
            <a href={`mailto:${email}`} className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4">
              {email}
            </a>
            .
          </p>
          <ContactForm
            key={loaderData.csrf}
            csrf={loaderData.csrf}
            honeypot={loaderData.honeypot}
            actionData={actionData}
          />
        </section>

        <div className="min-w-0 space-y-6 lg:col-span-5">
          <ContactBlock contact={settings.contact} />
          <SupportHours hours={settings.supportHours} />
          <aside aria-labelledby="pro-note" className="rounded-card border border-ink-100 border-l-2 border-l-gold-500 bg-ivory-50 p-6 sm:p-8">
            <h2 id="pro-note" className="text-xl font-semibold">
              For professionals
            </h2>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
              We welcome applications from wealth managers, private bankers, lawyers and tax and estate specialists
              with a minimum of 3 years of experience.{" "}
              <a href="/professionals" className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4">
                How to join
              </a>
            </p>
          </aside>
        </div>
      </div>

      <Section tone="white" labelledBy="faq-title">
        <div className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <SectionHeading
              id="faq-title"
              eyebrow="FAQ"
              title="Frequently asked questions"
              intro="The questions we hear most often from clients and professionals."
            />
          </div>
          <div className="lg:col-span-8">
            <Faq items={faqs(settings)} />
          </div>
        </div>
      </Section>
    </>
  );
}
