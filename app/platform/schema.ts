import { ENGINE } from "./engine";
import * as sqlite from "./schema/sqlite";
import * as postgres from "./schema/postgres";

// The tables of the engine this process runs on. The app is written once, against the SQLite tables'
// types; the PostgreSQL tables have the same names, columns and value types (tests/unit/schema-drift.test.ts).
export * from "./schema/vocabulary";

const tables = (ENGINE === "postgres" ? postgres : sqlite) as unknown as typeof sqlite;

export const users = tables.users;
export const profiles = tables.profiles;
export const userRoles = tables.userRoles;
export const sessions = tables.sessions;
export const oneTimeTokens = tables.oneTimeTokens;
export const registrationAnswers = tables.registrationAnswers;
export const blogPosts = tables.blogPosts;
export const formSubmissions = tables.formSubmissions;
export const submissionReplies = tables.submissionReplies;
export const professionals = tables.professionals;
export const shortlists = tables.shortlists;
export const introductions = tables.introductions;
export const auditEvents = tables.auditEvents;
export const rateLimitHits = tables.rateLimitHits;
export const siteSettings = tables.siteSettings;
export const twoFactor = tables.twoFactor;
export const recoveryCodes = tables.recoveryCodes;
export const storedFiles = tables.storedFiles;
export const shortlistDeclines = tables.shortlistDeclines;
export const availability = tables.availability;
export const bookings = tables.bookings;
export const messages = tables.messages;
export const jobs = tables.jobs;
export const newsletterSubscribers = tables.newsletterSubscribers;
export const plans = tables.plans;
export const subscriptions = tables.subscriptions;
export const stripeEvents = tables.stripeEvents;
export const professionalRegistrations = tables.professionalRegistrations;
export const vettingChecks = tables.vettingChecks;
export const verifications = tables.verifications;
export const registerRecords = tables.registerRecords;
export const registerStaging = tables.registerStaging;
export const registerImports = tables.registerImports;
export const registerAlerts = tables.registerAlerts;
