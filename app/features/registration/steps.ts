import { z } from "zod";
import { answerFields, withPasswordMatch, type AnswerField } from "./registration-schema";
import type { UserType } from "~/domain/vocabulary";

export type StepId =
  | "type"
  | "name"
  | "credentials"
  | "personal"
  | "objectives"
  | "wealth"
  | "relationship"
  | "company"
  | "experience"
  | "services"
  | "clientele"
  | "communication"
  | "review";

export type StepDef = {
  id: StepId;
  title: string;
  description: string;
  /** The answers this step asks for; its schema (`stepSchema`) says which are required. */
  fields: readonly AnswerField[];
};

const STEPS: Record<StepId, StepDef> = {
  type: {
    id: "type",
    title: "Choose your account type",
    description: "Tell us how you would like to use WealthMatch.",
    fields: ["userType"],
  },
  name: {
    id: "name",
    title: "Your name",
    description: "As it should appear to the professionals and clients you meet.",
    fields: ["firstName", "lastName"],
  },
  credentials: {
    id: "credentials",
    title: "Your sign-in details",
    description: "You will sign in with this email and password.",
    fields: ["email", "password", "confirmPassword"],
  },
  personal: {
    id: "personal",
    title: "About you",
    description: "Where you live shapes the tax, legal and regulatory advice you need.",
    fields: ["countryOfResidency", "dateOfBirth", "phone"],
  },
  objectives: {
    id: "objectives",
    title: "Your investment objectives",
    description: "Select every objective that matters to you.",
    fields: ["investmentObjectives"],
  },
  wealth: {
    id: "wealth",
    title: "Your wealth profile",
    description: "This helps us match you with professionals used to portfolios like yours.",
    fields: ["netWorth", "wealthSource"],
  },
  relationship: {
    id: "relationship",
    title: "Your current advisors",
    description: "Tell us about any professional relationships you have today, and what you look for in an advisor.",
    fields: ["currentProfessional", "preferredCommunication", "advisorFeeModel", "advisorImpactInvesting", "advisorLanguage"],
  },
  company: {
    id: "company",
    title: "About you and your firm",
    description: "If you practice on your own, enter 'Independent' as the company name.",
    fields: ["companyName", "dateOfBirth", "phone"],
  },
  experience: {
    id: "experience",
    title: "Experience and certifications",
    description: "Clients see your experience and credentials once your profile is verified.",
    fields: ["experienceYears", "certifications"],
  },
  services: {
    id: "services",
    title: "Services offered",
    description: "Select every service you provide to clients, and tell us how you are paid.",
    fields: ["servicesOffered", "feeModel", "impactInvesting"],
  },
  clientele: {
    id: "clientele",
    title: "Your clientele",
    description: "The assets you manage, the clients you usually serve and where they live.",
    fields: ["assetsUnderManagement", "typicalClientProfile", "countriesServed"],
  },
  communication: {
    id: "communication",
    title: "Communication and disclosure",
    description: "How clients should reach you, the languages you work in, and anything our vetting team should know.",
    fields: ["communicationChannels", "languages", "disciplinaryAction", "disciplinaryDetails"],
  },
  review: {
    id: "review",
    title: "Review and confirm",
    description: "Check your answers, then create your account.",
    fields: ["agreeTerms", "agreeMarketing"],
  },
};

const CLIENT_STEPS: readonly StepId[] = [
  "type",
  "name",
  "credentials",
  "personal",
  "objectives",
  "wealth",
  "relationship",
  "review",
];
const PROFESSIONAL_STEPS: readonly StepId[] = [
  "type",
  "name",
  "credentials",
  "company",
  "experience",
  "services",
  "clientele",
  "communication",
  "review",
];

/** Until a type is chosen the wizard counts the client's eight steps. */
export function stepsFor(userType: UserType | undefined): StepDef[] {
  return (userType === "professional" ? PROFESSIONAL_STEPS : CLIENT_STEPS).map((id) => STEPS[id]);
}

export function totalSteps(userType: UserType | undefined): number {
  return stepsFor(userType).length;
}

/** Step `n` (1-based) of that type's wizard, clamped to the wizard's length. */
export function stepAt(userType: UserType | undefined, n: number): StepDef {
  const steps = stepsFor(userType);
  return steps[Math.min(Math.max(1, Math.trunc(n) || 1), steps.length) - 1] ?? STEPS.type;
}

export function clampStep(userType: UserType | undefined, n: number): number {
  return Math.min(Math.max(1, Math.trunc(n) || 1), totalSteps(userType));
}

/** The address of step `n`: each step has its own, so the browser's Back and Refresh keep the step. */
export const stepHref = (n: number) => `/register?step=${n}`;

export function percentComplete(step: number, total: number): number {
  return Math.round((step / total) * 100);
}

export type WizardProgressText = { step: number; total: number | null; label: string; detail: string; percent: number };

/**
 * What the progress line says. Until the account type is chosen the length is not known (clients have 8 steps,
 * professionals 9), so step 1 names both paths instead of a count that would change on step 2.
 */
export function progressText(userType: UserType | undefined, step: number): WizardProgressText {
  if (!userType) {
    const longest = Math.max(CLIENT_STEPS.length, PROFESSIONAL_STEPS.length);
    return {
      step: 1,
      total: null,
      label: "Step 1",
      detail: `${CLIENT_STEPS.length} steps for clients, ${longest} for professionals`,
      percent: percentComplete(1, longest),
    };
  }
  const total = totalSteps(userType);
  const n = clampStep(userType, step);
  const percent = percentComplete(n, total);
  return { step: n, total, label: `Step ${n} of ${total}`, detail: `${percent}% complete`, percent };
}

/** The steps every path shares at its start, listed before the account type is chosen. */
export function sharedFirstSteps(): StepDef[] {
  const shared: StepDef[] = [];
  for (const [i, id] of CLIENT_STEPS.entries()) {
    if (PROFESSIONAL_STEPS[i] !== id) break;
    shared.push(STEPS[id]);
  }
  return shared;
}

type StepSchema = z.ZodType<Record<string, unknown>>;
const stepSchemas = new Map<StepId, StepSchema>();
/** The rules a step's answers must pass before Continue moves on (also the browser's check). */
export function stepSchema(id: StepId): StepSchema {
  let schema = stepSchemas.get(id);
  if (!schema) {
    const shape = Object.fromEntries(STEPS[id].fields.map((f) => [f, answerFields[f]]));
    const object = z.object(shape);
    schema = id === "credentials" ? withPasswordMatch(object) : object;
    stepSchemas.set(id, schema);
  }
  return schema;
}
