import { z } from "zod";
import { choice, emailField, FROM_LIST, firstNameField, lastNameField, newPasswordField, phoneField, several } from "~/domain/fields";
import {
  ADVISOR_FEE_CHOICES,
  AUM_RANGES,
  CERTIFICATIONS,
  CLIENT_PROFILES,
  COMMUNICATION_CHANNELS,
  COUNTRIES,
  EXPERIENCE_RANGES,
  FEE_MODELS,
  INVESTMENT_OBJECTIVES,
  LANGUAGES,
  NET_WORTH_RANGES,
  SERVED_COUNTRIES,
  SERVICES,
  USER_TYPES,
  WEALTH_SOURCES,
} from "~/domain/vocabulary";

export const MESSAGES = {
  userType: "Please choose an account type",
  confirmPassword: "Please confirm your password",
  passwordsMatch: "Passwords do not match",
  country: "Please select your country of residency",
  dateOfBirth: "Please enter your date of birth",
  dateOfBirthInvalid: "Please enter a valid date of birth",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  adult: "You must be at least 18 years old to register",
  companyName: "Company name is required",
  companyNameMax: "Company name must be less than 100 characters",
  objectives: "Please select at least one investment objective",
  experience: "Please select your years of experience",
  fromList: FROM_LIST,
  terms: "You must agree to the terms and conditions",
  currentProfessionalMax: "Please keep this under 500 characters",
  disciplinaryDetailsMax: "Please keep this under 1000 characters",
  emailTaken: "An account with this email already exists.",
} as const;

const MIN_AGE = 18;

/** Today's date as YYYY-MM-DD in the server's (or browser's) time zone. */
function isoToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first problem with a YYYY-MM-DD birth date, or null when it makes the person an adult. */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return MESSAGES.dateOfBirthInvalid;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900) return MESSAGES.dateOfBirthInvalid;
  const today = isoToday(now);
  if (value > today) return MESSAGES.dateOfBirthFuture;
  // Born on or before this day MIN_AGE years ago; string order is date order for YYYY-MM-DD.
  const cutoff = `${String(Number(today.slice(0, 4)) - MIN_AGE).padStart(4, "0")}${today.slice(4)}`;
  return value <= cutoff ? null : MESSAGES.adult;
}

/**
 * One schema per answer. The wizard's steps pick from these, and the registration schema joins them,
 * so a step, the browser and Create Account apply exactly the same rules.
 */
export const answerFields = {
  userType: choice(USER_TYPES, MESSAGES.userType),
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: newPasswordField,
  confirmPassword: z.string({ message: MESSAGES.confirmPassword }).max(1024, MESSAGES.passwordsMatch),
  countryOfResidency: choice(COUNTRIES, MESSAGES.country),
  dateOfBirth: z
    .string({ message: MESSAGES.dateOfBirth })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dateOfBirthProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  phone: phoneField.optional(),
  companyName: z
    .string({ message: MESSAGES.companyName })
    .trim()
    .min(1, MESSAGES.companyName)
    .max(100, MESSAGES.companyNameMax),
  investmentObjectives: several(INVESTMENT_OBJECTIVES).min(1, MESSAGES.objectives),
  experienceYears: choice(EXPERIENCE_RANGES, MESSAGES.experience),
  certifications: several(CERTIFICATIONS).optional(),
  netWorth: choice(NET_WORTH_RANGES).optional(),
  wealthSource: several(WEALTH_SOURCES).optional(),
  servicesOffered: several(SERVICES).optional(),
  currentProfessional: z.string().trim().max(500, MESSAGES.currentProfessionalMax).optional(),
  assetsUnderManagement: choice(AUM_RANGES).optional(),
  typicalClientProfile: several(CLIENT_PROFILES).optional(),
  preferredCommunication: choice(COMMUNICATION_CHANNELS).optional(),
  /** A professional offers every way of being reached that suits them; matching reads the list. */
  communicationChannels: several(COMMUNICATION_CHANNELS).optional(),
  disciplinaryAction: z.boolean().optional(),
  disciplinaryDetails: z.string().trim().max(1000, MESSAGES.disciplinaryDetailsMax).optional(),
  // What matching compares with a client's preferences: how they are paid, impact investing, languages, countries served.
  feeModel: choice(FEE_MODELS).optional(),
  impactInvesting: z.boolean().optional(),
  languages: several(LANGUAGES).optional(),
  countriesServed: several(SERVED_COUNTRIES).optional(),
  // The client's 'What matters to you in an advisor', stored under these names (WHAT_MATTERS_KEYS).
  advisorFeeModel: choice(ADVISOR_FEE_CHOICES).optional(),
  advisorImpactInvesting: z.boolean().optional(),
  advisorLanguage: choice(LANGUAGES).optional(),
  agreeTerms: z.boolean({ message: MESSAGES.terms }).refine((v) => v, MESSAGES.terms),
  agreeMarketing: z.boolean().optional(),
};

export type AnswerField = keyof typeof answerFields;
export const ANSWER_FIELDS = Object.keys(answerFields) as AnswerField[];
/** Fields that hold several choices (checkbox groups). */
export const MULTI_FIELDS = [
  "investmentObjectives",
  "certifications",
  "wealthSource",
  "servicesOffered",
  "typicalClientProfile",
  "languages",
  "countriesServed",
  "communicationChannels",
] as const satisfies readonly AnswerField[];
/** Fields that are a single checkbox. */
export const CHECKBOX_FIELDS = [
  "disciplinaryAction",
  "impactInvesting",
  "advisorImpactInvesting",
  "agreeTerms",
  "agreeMarketing",
] as const satisfies readonly AnswerField[];

type PasswordPair = { password?: unknown; confirmPassword?: unknown };
/** 'Passwords do not match' on confirmPassword, checked as soon as both are typed, even if the password is weak. */
export function withPasswordMatch<S extends z.ZodType<PasswordPair>>(schema: S) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsMatch,
    path: ["confirmPassword"],
    when: (payload) => {
      const v = payload.value as PasswordPair | undefined;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string";
    },
  });
}

const common = {
  firstName: answerFields.firstName,
  lastName: answerFields.lastName,
  email: answerFields.email,
  password: answerFields.password,
  confirmPassword: answerFields.confirmPassword,
  dateOfBirth: answerFields.dateOfBirth,
  phone: answerFields.phone,
  agreeTerms: answerFields.agreeTerms,
  agreeMarketing: answerFields.agreeMarketing,
};

const ClientRegistrationSchema = z.object({
  userType: z.literal("client"),
  ...common,
  countryOfResidency: answerFields.countryOfResidency,
  investmentObjectives: answerFields.investmentObjectives,
  netWorth: answerFields.netWorth,
  wealthSource: answerFields.wealthSource,
  currentProfessional: answerFields.currentProfessional,
  preferredCommunication: answerFields.preferredCommunication,
  advisorFeeModel: answerFields.advisorFeeModel,
  advisorImpactInvesting: answerFields.advisorImpactInvesting,
  advisorLanguage: answerFields.advisorLanguage,
});

const ProfessionalRegistrationSchema = z.object({
  userType: z.literal("professional"),
  ...common,
  companyName: answerFields.companyName,
  experienceYears: answerFields.experienceYears,
  certifications: answerFields.certifications,
  servicesOffered: answerFields.servicesOffered,
  assetsUnderManagement: answerFields.assetsUnderManagement,
  typicalClientProfile: answerFields.typicalClientProfile,
  communicationChannels: answerFields.communicationChannels,
  // A single channel, as the wizard asked before it offered several: a form in progress still counts.
  preferredCommunication: answerFields.preferredCommunication,
  disciplinaryAction: answerFields.disciplinaryAction,
  disciplinaryDetails: answerFields.disciplinaryDetails,
  feeModel: answerFields.feeModel,
  impactInvesting: answerFields.impactInvesting,
  languages: answerFields.languages,
  countriesServed: answerFields.countriesServed,
});

/**
 * The answers matching uses, as a client edits them after registering (/client-welcome/answers): the
 * wizard's own rules and messages.
 */
export const ClientMatchingAnswersSchema = z.object({
  countryOfResidency: answerFields.countryOfResidency,
  investmentObjectives: answerFields.investmentObjectives,
  netWorth: answerFields.netWorth,
  wealthSource: answerFields.wealthSource,
  preferredCommunication: answerFields.preferredCommunication,
  advisorFeeModel: answerFields.advisorFeeModel,
  advisorImpactInvesting: answerFields.advisorImpactInvesting,
  advisorLanguage: answerFields.advisorLanguage,
});
export type ClientMatchingAnswers = z.infer<typeof ClientMatchingAnswersSchema>;
export const CLIENT_MATCHING_FIELDS = Object.keys(ClientMatchingAnswersSchema.shape) as (keyof ClientMatchingAnswers)[];

/** Everything Create Account checks, for either kind of account. */
export const RegistrationSchema = withPasswordMatch(
  z.discriminatedUnion("userType", [ClientRegistrationSchema, ProfessionalRegistrationSchema], {
    message: MESSAGES.userType,
  }),
);

export type Registration = z.infer<typeof RegistrationSchema>;
export type ClientRegistration = z.infer<typeof ClientRegistrationSchema>;
export type ProfessionalRegistration = z.infer<typeof ProfessionalRegistrationSchema>;
