import type { ReactNode } from "react";
import { ProfessionalAvatar } from "./avatar";
import { Icon } from "~/platform/ui/icons";
import { RegisterExemption, RegisterLineView, RegisterUpdate } from "~/features/registers/register-lines";
import type { RegisterLine } from "~/features/registers/standing.server";
import type { ProfessionalSummary } from "./professional-summary";

/** Their registrations as the header shows them: each checked line, compact, with the public record's link. */
export type HeaderRegisters = { lines: RegisterLine[]; exemption: string | null; update?: string | null };

const factLabel = "font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600";

/** "Fee-only, minimum fee $250,000 a year"; what is not stated is not made up. */
export function feeWords(summary: Pick<ProfessionalSummary, "feeModel" | "feeMinimum">): string | null {
  const minimum = summary.feeMinimum ? `minimum fee ${summary.feeMinimum} a year` : null;
  if (summary.feeModel && minimum) return `${summary.feeModel}, ${minimum}`;
  if (summary.feeModel) return summary.feeModel;
  return minimum ? `${minimum.charAt(0).toUpperCase()}${minimum.slice(1)}` : null;
}

function Registers({ registers }: { registers: HeaderRegisters }) {
  if (!registers.lines.length && !registers.exemption && !registers.update) return null;
  return (
    <div className="mt-5 space-y-2 border-t border-ink-100 pt-4" data-testid="card-registers">
      <p className={factLabel}>Regulator registration</p>
      {registers.update ? <RegisterUpdate update={registers.update} /> : null}
      {registers.lines.map((line) => (
        <RegisterLineView key={line.register} line={line} compact />
      ))}
      {registers.exemption ? <RegisterExemption reason={registers.exemption} /> : null}
    </div>
  );
}

/**
 * Who a professional is, the same on a shortlist card and atop their profile: photo (or initials), name,
 * title and firm, city, qualifications in words, how they are paid and their minimum, languages, and their
 * checked regulator registration. Everything else stays on the profile.
 */
export function ProfessionalHeader({
  summary,
  variant,
  eyebrow,
  badges,
  below,
  registers,
}: {
  summary: ProfessionalSummary;
  /** "card": an h3 inside a shortlist; "page": the profile's h1. */
  variant: "card" | "page";
  eyebrow?: ReactNode;
  /** Verified, Featured: beside the name. */
  badges?: ReactNode;
  /** Under the name block (the profile's verification date). */
  below?: ReactNode;
  /** The compact registration block: the shortlist card passes it; the profile, which shows it in full lower down, does not. */
  registers?: HeaderRegisters | null;
}) {
  const page = variant === "page";
  const Heading = page ? "h1" : "h3";
  const role = [summary.title, summary.company].filter(Boolean).join(", ");
  const fees = feeWords(summary);
  return (
    <div data-testid="professional-header">
      <div className={`flex items-start ${page ? "gap-5 sm:gap-7" : "gap-4 sm:gap-5"}`}>
        <ProfessionalAvatar name={summary.name} src={summary.photo} size={page ? "lg" : "md"} />
        <div className="min-w-0 flex-1">
          {eyebrow}
          <Heading
            className={
              page
                ? "mt-1 text-3xl font-semibold leading-tight [overflow-wrap:anywhere] sm:text-4xl"
                : "text-xl font-semibold leading-snug text-ink-900 [overflow-wrap:anywhere] sm:text-2xl"
            }
          >
            {summary.name}
          </Heading>
          {role ? (
            <p className={`${page ? "mt-2 text-lg" : "mt-1 text-[0.9375rem]"} text-ink-800 [overflow-wrap:anywhere]`} data-testid="pro-role">
              {role}
            </p>
          ) : null}
          {summary.location ? (
            <p className="mt-1 flex items-center gap-1.5 text-[0.9375rem] text-slate-600" data-testid="pro-city">
              <Icon name="pin" className="h-4 w-4 shrink-0 text-gold-600" />
              <span className="sr-only">Based in </span>
              <span className="[overflow-wrap:anywhere]">{summary.location}</span>
            </p>
          ) : null}
          {badges ? <div className="mt-3 flex flex-wrap items-center gap-2">{badges}</div> : null}
          {below}
        </div>
      </div>

      {summary.credentials.length ? (
        <ul aria-label="Qualifications" className="mt-5 flex flex-wrap gap-2" data-testid="pro-credentials">
          {summary.credentials.map((c) => (
            <li key={c} className="rounded-full border border-gold-400/60 bg-ivory-50 px-3 py-1 text-[0.8125rem] font-medium leading-snug text-ink-900">
              {c}
            </li>
          ))}
        </ul>
      ) : null}

      <dl className={`mt-5 grid gap-x-8 gap-y-4 ${page ? "sm:grid-cols-2 lg:max-w-3xl" : "sm:grid-cols-2"}`}>
        <div>
          <dt className={factLabel}>Fees</dt>
          <dd className="mt-1 text-[0.9375rem] leading-relaxed text-ink-900" data-testid="pro-fees">
            {fees ?? <span className="text-slate-600">Not stated: ask them in your first conversation</span>}
          </dd>
        </div>
        <div>
          <dt className={factLabel}>Languages</dt>
          <dd className="mt-1 text-[0.9375rem] leading-relaxed text-ink-900" data-testid="pro-languages">
            {summary.languages.length ? summary.languages.join(", ") : <span className="text-slate-600">Not stated</span>}
          </dd>
        </div>
      </dl>

      {registers ? <Registers registers={registers} /> : null}
    </div>
  );
}
