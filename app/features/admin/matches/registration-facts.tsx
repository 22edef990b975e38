import type { RegistrationFacts } from "~/features/admin/professionals/professionals.server";
import {
  AUM_OPTIONS,
  CERTIFICATION_OPTIONS,
  CLIENT_PROFILE_OPTIONS,
  COMMUNICATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  FEE_MODEL_OPTIONS,
  answerText,
  LANGUAGE_OPTIONS,
  SERVED_COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
  type Option,
} from "~/domain/vocabulary";
import { shortDate } from "~/platform/ui/format";

type Row = { key: string; label: string; options?: readonly Option[] };

const ROWS: Row[] = [
  { key: "companyName", label: "Company" },
  { key: "phone", label: "Phone" },
  { key: "experienceYears", label: "Experience", options: EXPERIENCE_OPTIONS },
  { key: "certifications", label: "Certifications", options: CERTIFICATION_OPTIONS },
  { key: "servicesOffered", label: "Services offered", options: SERVICE_OPTIONS },
  { key: "feeModel", label: "How they are paid", options: FEE_MODEL_OPTIONS },
  { key: "impactInvesting", label: "Sustainable and impact investing" },
  { key: "countriesServed", label: "Countries served", options: SERVED_COUNTRY_OPTIONS },
  { key: "languages", label: "Languages", options: LANGUAGE_OPTIONS },
  { key: "assetsUnderManagement", label: "Assets under management", options: AUM_OPTIONS },
  { key: "typicalClientProfile", label: "Typical client profiles", options: CLIENT_PROFILE_OPTIONS },
  { key: "preferredCommunication", label: "Preferred communication", options: COMMUNICATION_OPTIONS },
  { key: "disciplinaryAction", label: "Disciplinary action disclosed" },
  { key: "disciplinaryDetails", label: "Disclosure details" },
];

function shown(answers: Record<string, unknown>, row: Row): string | null {
  const value = answers[row.key];
  if (row.key === "disciplinaryAction") return value === true || value === "on" ? "Yes" : "No";
  if (row.key === "impactInvesting") return value === true || value === "on" ? "Offered" : "Not offered";
  return answerText(value, row.options);
}

/** What the registration wizard collected, read-only, for the admin who vets the professional. */
export function RegistrationFactsPanel({ facts }: { facts: RegistrationFacts | null }) {
  return (
    <section aria-labelledby="registration-facts" className="rounded-card border border-ink-100 bg-white">
      <div className="border-b border-ink-100 px-5 py-4">
        <h2 id="registration-facts" className="font-sans text-base font-semibold">
          What registration collected
        </h2>
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
          {facts
            ? `${facts.source === "linked" ? "From the linked account" : "From the account with this email (not linked)"}, ${facts.accountEmail}, registered ${shortDate(facts.submittedAt)}. Read-only.`
            : "No registration answers: no account with this entry's email has registered."}
        </p>
      </div>
      {facts ? (
        <dl className="divide-y divide-ink-100 text-sm">
          {ROWS.map((row) => {
            const value = shown(facts.answers, row);
            if (row.key === "disciplinaryDetails" && value === null) return null;
            const flagged = row.key === "disciplinaryAction" && value === "Yes";
            return (
              <div key={row.key} className="grid gap-1 px-5 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className={`[overflow-wrap:anywhere] ${flagged ? "font-semibold text-danger-700" : "text-ink-900"}`}>
                  {value ?? <span className="text-slate-500">Not provided</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
    </section>
  );
}
