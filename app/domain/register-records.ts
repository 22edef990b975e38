/**
 * The regulators' public records a registration is checked against, and what the check decides. Pure:
 * the importers (features/registers) turn each register's published layout into a `RegisterRecord`, and
 * everything the admin, the professional and the client read is decided here. Where each field comes
 * from in the published layouts: docs/decisions/053-regulator-records.md.
 */
import type { Register } from "./registrations";

/** The published sources the app reads: two SEC bulk feeds (files) and the FCA register (its API). */
export const RECORD_SOURCES = ["sec-individual", "sec-firm", "fca-individual", "fca-firm"] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

export const oneOfSources = (value: string): RecordSource | null => RECORD_SOURCES.find((s) => s === value) ?? null;

/** The source that holds a register's records; the others are checked by hand. */
export const SOURCE_OF: Partial<Record<Register, RecordSource>> = {
  "us-crd-individual": "sec-individual",
  "us-crd-firm": "sec-firm",
  "uk-fca-irn": "fca-individual",
  "uk-fca-frn": "fca-firm",
};

export const SOURCE_INFO: Record<RecordSource, { regulator: string; records: string; kind: "individual" | "firm" }> = {
  "sec-individual": { regulator: "SEC", records: "the SEC's public records (Investment Adviser Public Disclosure)", kind: "individual" },
  "sec-firm": { regulator: "SEC", records: "the SEC's public records (Investment Adviser Public Disclosure)", kind: "firm" },
  "fca-individual": { regulator: "FCA", records: "the FCA's Financial Services Register", kind: "individual" },
  "fca-firm": { regulator: "FCA", records: "the FCA's Financial Services Register", kind: "firm" },
};

/** The kinds of disclosure the registers flag, in the words a client reads. */
export const DISCLOSURE_KINDS = [
  "regulatory",
  "criminal",
  "bankruptcy",
  "civil",
  "bond",
  "judgment",
  "investigation",
  "customer-complaint",
  "termination",
  "enforcement",
  "form-adv",
] as const;
export type DisclosureKind = (typeof DISCLOSURE_KINDS)[number];

export const DISCLOSURE_WORDS: Record<DisclosureKind, string> = {
  regulatory: "a regulatory action",
  criminal: "a criminal matter",
  bankruptcy: "a bankruptcy or financial matter",
  civil: "a civil judicial action",
  bond: "a bond payout",
  judgment: "a judgment or lien",
  investigation: "an investigation",
  "customer-complaint": "a customer complaint or arbitration",
  termination: "a termination by an employer",
  enforcement: "an enforcement action",
  "form-adv": "a disciplinary event reported in its Form ADV",
};

export type RecordFirm = { name: string; number: string | null };

/** One register's record of one number, as every source is read into it. */
export type RegisterRecord = {
  source: RecordSource;
  /** The register's number (the individual's or firm's CRD, the IRN, the FRN), normalised. */
  number: string;
  /** The name as the register gives it ("JAMES LYMAN CASTELLANO", "Barclays Bank Plc"). */
  name: string;
  /** Other names the register lists for the same person or firm (a legal name, a former name). */
  otherNames: string[];
  /** Registered (or authorised) today, according to the register. */
  current: boolean;
  /** The register's own word for the state ("APPROVED", "Authorised", "Certified / assessed by firm"). */
  status: string;
  /** The earliest start of a current registration (YYYY-MM-DD), when the register says. */
  since: string | null;
  /** For an individual, the firms they are registered with today; for a firm, none. */
  firms: RecordFirm[];
  disclosures: DisclosureKind[];
};

/** What a record says, as stored in one column (register_records.record). */
export type RecordContent = Omit<RegisterRecord, "source" | "number">;

/** A record as stored: with the day of the feed (or answer) it was read from. */
export type StoredRecord = RegisterRecord & { feedDate: string };

/* ------------------------------------------------------------------ names */

const SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "cfa", "cfp", "cpa", "phd", "esq", "mr", "mrs", "ms", "dr"]);
const FIRM_WORDS = new Set(["inc", "incorporated", "llc", "llp", "lp", "ltd", "limited", "plc", "co", "corp", "corporation", "company", "the", "and", "sa", "ag", "gmbh", "pte", "pty"]);

/** "José  O'Brien-Smith, Jr." becomes ["jose", "obriensmith"]: accents, punctuation, case and suffixes dropped. */
export function nameTokens(name: string, drop: Set<string> = SUFFIXES): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== "" && !drop.has(t));
}

/** Edits (insert, delete, replace) between two short strings. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = kept;
    }
  }
  return row[b.length]!;
}

export type NameMatch = "same" | "near" | "different";

/**
 * A person's name against the register's: the same when the first and last names agree once normalised
 * (a middle name on one side only is fine); near when they differ by a letter or two, or only the first
 * name differs (a nickname, an initial): flagged for an admin, never taken as a match.
 */
export function comparePersonName(ours: string, theirs: string): NameMatch {
  const a = nameTokens(ours);
  const b = nameTokens(theirs);
  if (a.length === 0 || b.length === 0) return "different";
  const joinedA = a.join(" ");
  const joinedB = b.join(" ");
  if (joinedA === joinedB) return "same";
  const [firstA, lastA] = [a[0]!, a[a.length - 1]!];
  const [firstB, lastB] = [b[0]!, b[b.length - 1]!];
  // The register writes "LAST FIRST MIDDLE" nowhere we read, but a person may give "First Middle Last".
  if (firstA === firstB && lastA === lastB) return "same";
  if (lastA === lastB) return "near";
  if (distance(joinedA, joinedB) <= 2 || (firstA === firstB && distance(lastA, lastB) <= 2)) return "near";
  return "different";
}

/** A firm's name against the register's: legal endings ("LLC", "Ltd") and punctuation do not count. */
export function compareFirmName(ours: string, theirs: string): NameMatch {
  const a = nameTokens(ours, FIRM_WORDS).join(" ");
  const b = nameTokens(theirs, FIRM_WORDS).join(" ");
  if (a === "" || b === "") return "different";
  if (a === b) return "same";
  if (distance(a, b) <= 2 || a.startsWith(`${b} `) || b.startsWith(`${a} `)) return "near";
  return "different";
}

/* ------------------------------------------------------------------ the check */

export type Difference =
  | { kind: "not-found" }
  | { kind: "name"; match: "near" | "different"; register: string }
  | { kind: "not-current"; status: string }
  | { kind: "firm"; register: string[] }
  | { kind: "disclosures"; kinds: DisclosureKind[] };

export type RegistrationCheck = {
  source: RecordSource;
  feedDate: string | null;
  /** What the record says; null when the register has no record of the number. */
  record: StoredRecord | null;
  /** Everything an admin must look at; empty: the record confirms what the professional told us. */
  differences: Difference[];
};

/** Who the professional says they are, as the check reads it. */
export type Claimant = { name: string; company: string | null };

/**
 * Compares one registration with the register's record: the number exists, the name matches, the
 * registration is current, the firm (for an individual) is the one they name, and the disclosures.
 */
export function checkRegistration(source: RecordSource, claimant: Claimant, record: StoredRecord | null): RegistrationCheck {
  if (!record) return { source, feedDate: null, record: null, differences: [{ kind: "not-found" }] };
  const differences: Difference[] = [];
  const isFirm = SOURCE_INFO[source].kind === "firm";
  const names = [record.name, ...record.otherNames];
  const ours = isFirm ? (claimant.company ?? "") : claimant.name;
  const compare = isFirm ? compareFirmName : comparePersonName;
  const matches = names.map((n) => compare(ours, n));
  if (!matches.includes("same")) differences.push({ kind: "name", match: matches.includes("near") ? "near" : "different", register: record.name });
  if (!record.current) differences.push({ kind: "not-current", status: record.status });
  if (!isFirm && claimant.company && record.firms.length && !record.firms.some((f) => compareFirmName(claimant.company ?? "", f.name) === "same")) {
    differences.push({ kind: "firm", register: record.firms.map((f) => f.name) });
  }
  if (record.disclosures.length) differences.push({ kind: "disclosures", kinds: [...record.disclosures] });
  return { source, feedDate: record.feedDate, record, differences };
}

/** The sentence a difference is shown as, to the admin. */
export function differenceWords(d: Difference): string {
  switch (d.kind) {
    case "not-found":
      return "The register has no record of this number.";
    case "name":
      return d.match === "near"
        ? `The register's name is close but not the same: "${d.register}". Check it is the same person or firm.`
        : `The register's name is different: "${d.register}".`;
    case "not-current":
      return `The registration is not current (the register says "${d.status || "not registered"}").`;
    case "firm":
      return `The register lists another firm: ${d.register.join(", ")}.`;
    case "disclosures":
      return `The register lists ${listWords(d.kinds.map((k) => DISCLOSURE_WORDS[k]))}.`;
  }
}

export function listWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "March 1, 2027" for "2027-03-01". */
export function feedDay(day: string): string {
  return LONG_DATE.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The register item's line, filled from the comparison: "Checked against the SEC's public records of
 * March 1, 2027: registered with Horace Mann Investors since 2015, no disclosures".
 */
export function checkedLine(check: RegistrationCheck): string | null {
  const { record } = check;
  if (!record) return null;
  const registered = record.current ? "registered" : `not registered (${record.status || "no current registration"})`;
  const firm = record.firms.length ? ` with ${listWords(record.firms.map((f) => f.name))}` : "";
  const since = record.since ? ` since ${record.since.slice(0, 4)}` : "";
  const disclosures = record.disclosures.length ? `disclosures: ${listWords(record.disclosures.map((k) => DISCLOSURE_WORDS[k]))}` : "no disclosures";
  return `Checked against ${SOURCE_INFO[check.source].records} of ${feedDay(record.feedDate)}: ${registered}${firm}${since}, ${disclosures}`;
}

/** The record confirms the registration: nothing for an admin to look at. */
export const confirms = (check: RegistrationCheck) => check.record !== null && check.differences.length === 0;

/* ------------------------------------------------------------------ changes after verification */

/** What a verified professional's record looked like when an admin last accepted it. */
export type Baseline = { current: boolean; firms: string[]; disclosures: DisclosureKind[]; found: boolean };

export const baselineOf = (check: RegistrationCheck): Baseline => ({
  found: check.record !== null,
  current: check.record?.current ?? false,
  firms: (check.record?.firms ?? []).map((f) => f.name),
  disclosures: check.record?.disclosures ?? [],
});

export type RecordChange =
  | { kind: "new-disclosure"; kinds: DisclosureKind[] }
  | { kind: "lapsed"; status: string }
  | { kind: "firm-changed"; from: string[]; to: string[] }
  | { kind: "gone" };

/**
 * What changed since the baseline that pauses a verified professional: a new kind of disclosure, a
 * registration that lapsed or vanished, another firm. A disclosure already accepted does not pause again.
 */
export function recordChanges(baseline: Baseline, check: RegistrationCheck): RecordChange[] {
  const record = check.record;
  if (!record) return baseline.found ? [{ kind: "gone" }] : [];
  const changes: RecordChange[] = [];
  const fresh = record.disclosures.filter((k) => !baseline.disclosures.includes(k));
  if (fresh.length) changes.push({ kind: "new-disclosure", kinds: fresh });
  if (baseline.current && !record.current) changes.push({ kind: "lapsed", status: record.status });
  const to = record.firms.map((f) => f.name);
  const norm = (names: string[]) => names.map((n) => nameTokens(n, FIRM_WORDS).join(" ")).sort().join("|");
  if (baseline.found && SOURCE_INFO[check.source].kind === "individual" && norm(baseline.firms) !== norm(to)) {
    changes.push({ kind: "firm-changed", from: baseline.firms, to });
  }
  return changes;
}

/** A change in plain words, as the admin, the professional and (once decided) the client read it. */
export function changeWords(change: RecordChange): string {
  switch (change.kind) {
    case "new-disclosure":
      return `a new disclosure: ${listWords(change.kinds.map((k) => DISCLOSURE_WORDS[k]))}`;
    case "lapsed":
      return `the registration is no longer current (${change.status || "not registered"})`;
    case "firm-changed":
      return `the firm changed from ${listWords(change.from) || "none"} to ${listWords(change.to) || "none"}`;
    case "gone":
      return "the register no longer lists this registration";
  }
}

/* ------------------------------------------------------------------ what the client reads */

/** The public page of a record the app checked against (the SEC's pages are per number; the FCA's need a search). */
export function recordLink(source: RecordSource, number: string): string {
  switch (source) {
    case "sec-individual":
      return `https://adviserinfo.sec.gov/individual/summary/${encodeURIComponent(number)}`;
    case "sec-firm":
      return `https://adviserinfo.sec.gov/firm/summary/${encodeURIComponent(number)}`;
    case "fca-individual":
      return `https://register.fca.org.uk/s/search?q=${encodeURIComponent(number)}&type=Individuals`;
    case "fca-firm":
      return `https://register.fca.org.uk/s/search?q=${encodeURIComponent(number)}&type=Companies`;
  }
}

/**
 * "Verified" is shown only when it rests on something a client can check: a registration checked
 * against a register's record (by the import or by an admin's recorded look-up) or an admin's stated
 * reason why no registration applies, which the client reads too.
 */
export function showsVerified(p: { verified: boolean; checkedRegistrations: number; exemption: string | null }): boolean {
  return p.verified && (p.checkedRegistrations > 0 || Boolean(p.exemption?.trim()));
}

/** Whose record it is, as a sentence starts: "The SEC's" (the source a register's records come from), else the register's name. */
function recordOwner(register: Register, registerName: string): string {
  const source = SOURCE_OF[register];
  return source ? `The ${SOURCE_INFO[source].regulator}'s` : `${registerName}'s`;
}

/**
 * One change in a record as everyone reads it: "The SEC's public record of April 1, 2027 shows a new
 * disclosure: a regulatory action." (`about` names the professional, for the admin's mail).
 */
export function changeSentence(register: Register, registerName: string, feedDate: string, changes: RecordChange[], about?: string): string {
  return `${recordOwner(register, registerName)} public record of ${feedDay(feedDate)}${about ? ` for ${about}` : ""} shows ${listWords(changes.map(changeWords))}.`;
}
