import { Link } from "react-router";
import type { ReactNode } from "react";
import {
  ADVISOR_FEE_OPTIONS,
  AUM_OPTIONS,
  CERTIFICATION_OPTIONS,
  CLIENT_PROFILE_OPTIONS,
  COMMUNICATION_OPTIONS,
  COUNTRY_OPTIONS,
  EXPERIENCE_OPTIONS,
  FEE_MODEL_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  answerText,
  LANGUAGE_OPTIONS,
  NET_WORTH_OPTIONS,
  SERVED_COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
  USER_TYPE_OPTIONS,
  WEALTH_SOURCE_OPTIONS,
  type Option,
} from "~/domain/vocabulary";
import type { AnswerField } from "~/features/registration/registration-schema";
import type { WizardValues } from "~/features/registration/register.server";
import { EmailText } from "~/platform/ui/email-text";
import { FieldList, type FieldSpec } from "~/platform/ui/field-list";
import type { StepProps } from "./step-props";

type Row = { field: AnswerField; label: string; options?: readonly Option[] };
type Section = { title: string; rows: Row[] };

const ACCOUNT: Section = {
  title: "Account",
  rows: [
    { field: "userType", label: "Account type", options: USER_TYPE_OPTIONS },
    { field: "firstName", label: "First name" },
    { field: "lastName", label: "Last name" },
    { field: "email", label: "Email" },
  ],
};

const CLIENT_SECTIONS: Section[] = [
  ACCOUNT,
  {
    title: "About you",
    rows: [
      { field: "countryOfResidency", label: "Country of residency", options: COUNTRY_OPTIONS },
      { field: "dateOfBirth", label: "Date of birth" },
      { field: "phone", label: "Phone" },
    ],
  },
  {
    title: "Your wealth",
    rows: [
      { field: "investmentObjectives", label: "Investment objectives", options: INVESTMENT_OBJECTIVE_OPTIONS },
      { field: "netWorth", label: "Net worth", options: NET_WORTH_OPTIONS },
      { field: "wealthSource", label: "Sources of wealth", options: WEALTH_SOURCE_OPTIONS },
      { field: "currentProfessional", label: "Current professional relationships" },
    ],
  },
  {
    title: "Your advisor",
    rows: [
      { field: "preferredCommunication", label: "Preferred communication", options: COMMUNICATION_OPTIONS },
      { field: "advisorFeeModel", label: "How your advisor is paid", options: ADVISOR_FEE_OPTIONS },
      { field: "advisorImpactInvesting", label: "Sustainable and impact investing" },
      { field: "advisorLanguage", label: "Language", options: LANGUAGE_OPTIONS },
    ],
  },
];

const PROFESSIONAL_SECTIONS: Section[] = [
  ACCOUNT,
  {
    title: "About you",
    rows: [
      { field: "companyName", label: "Company" },
      { field: "dateOfBirth", label: "Date of birth" },
      { field: "phone", label: "Phone" },
    ],
  },
  {
    title: "Your practice",
    rows: [
      { field: "experienceYears", label: "Experience", options: EXPERIENCE_OPTIONS },
      { field: "certifications", label: "Certifications", options: CERTIFICATION_OPTIONS },
      { field: "servicesOffered", label: "Services offered", options: SERVICE_OPTIONS },
      { field: "feeModel", label: "How you are paid", options: FEE_MODEL_OPTIONS },
      { field: "impactInvesting", label: "Sustainable and impact investing" },
      { field: "assetsUnderManagement", label: "Assets under management", options: AUM_OPTIONS },
      { field: "typicalClientProfile", label: "Typical clients", options: CLIENT_PROFILE_OPTIONS },
      { field: "countriesServed", label: "Countries served", options: SERVED_COUNTRY_OPTIONS },
      { field: "communicationChannels", label: "How clients can reach you", options: COMMUNICATION_OPTIONS },
      { field: "languages", label: "Languages", options: LANGUAGE_OPTIONS },
      { field: "disciplinaryAction", label: "Disciplinary action disclosed" },
      { field: "disciplinaryDetails", label: "Disclosure details" },
    ],
  },
];

/** 1980-05-01 → May 1, 1980, the same on the server and in any browser. */
function longDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
}

function display(values: WizardValues, row: Row): ReactNode {
  const value = values[row.field];
  if (row.field === "dateOfBirth" && typeof value === "string") return longDate(value);
  if (row.field === "email" && typeof value === "string") return <EmailText address={value} />;
  if (row.field === "disciplinaryAction") return value === "on" ? "Yes" : "No";
  if (row.field === "impactInvesting") return value === "on" ? "Offered" : "Not offered";
  if (row.field === "advisorImpactInvesting") return value === "on" ? "Wanted" : "No preference";
  if (row.field === "disciplinaryDetails" && values.disciplinaryAction !== "on") return null;
  return answerText(value, row.options);
}

function RegistrationSummary({ values }: { values: WizardValues }) {
  const sections = values.userType === "professional" ? PROFESSIONAL_SECTIONS : CLIENT_SECTIONS;
  return (
    <div className="divide-y divide-ink-100 rounded-md border border-ink-100">
      {sections.map((section) => (
        <section key={section.title} className="px-4 py-4 sm:px-5">
          <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">{section.title}</h3>
          <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
            {section.rows.map((row) => {
              const shown = display(values, row);
              if (shown === null && row.field === "disciplinaryDetails") return null;
              return (
                <div key={row.field} className="contents">
                  <dt className="text-slate-600">{row.label}</dt>
                  <dd className="-mt-2.5 min-w-0 break-words text-ink-900 sm:mt-0">
                    {shown ?? <span className="text-slate-500">Not provided</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}

const newTab = <span className="sr-only"> (opens in a new tab)</span>;
const termsLink = "font-semibold underline underline-offset-2 hover:text-gold-700";

const AGREEMENTS: readonly FieldSpec[] = [
  {
    kind: "checkbox",
    name: "agreeTerms",
    label: (
      <>
        I agree to the{" "}
        <Link to="/terms" target="_blank" rel="noopener" className={termsLink}>
          Terms of Service
          {newTab}
        </Link>{" "}
        and{" "}
        <Link to="/privacy" target="_blank" rel="noopener" className={termsLink}>
          Privacy Policy
          {newTab}
        </Link>
        .
      </>
    ),
  },
  {
    kind: "checkbox",
    name: "agreeMarketing",
    label: (
      <>
        Send me occasional insights and news from WealthMatch. <span className="text-slate-600">(optional)</span>
      </>
    ),
  },
];

export function ReviewStep({ values, fields, focus }: StepProps) {
  return (
    <div className="space-y-6">
      <RegistrationSummary values={values} />
      <FieldList specs={AGREEMENTS} fields={fields} focus={focus} className="space-y-4" />
    </div>
  );
}
