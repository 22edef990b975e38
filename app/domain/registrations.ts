/**
 * Regulator registrations a professional records, one per register: the format each register's numbers
 * take and the public search page a client can check them on. Pure: no I/O, the same rules for the form,
 * the action and the profile. Stored values are the normalised numbers (no spaces, letters upper case).
 */

export const REGISTERS = [
  "us-crd-individual",
  "us-crd-firm",
  "uk-fca-frn",
  "uk-fca-irn",
  "ca-nrd",
  "ch-uid",
  "sg-uen",
  "au-afsl",
  "au-far",
] as const;
export type Register = (typeof REGISTERS)[number];

export type RegisterInfo = {
  /** The country served (app/domain/vocabulary COUNTRIES) the register belongs to. */
  country: "US" | "UK" | "CA" | "CH" | "SG" | "AU";
  /** What the professional reads in the form. */
  label: string;
  /** The register's public name, as the client reads it beside the number. */
  registerName: string;
  /** The format in words, shown under the field and in the error message. */
  formatHint: string;
  example: string;
  /** The normalised number is valid for this register. */
  valid: (normalised: string) => boolean;
  /**
   * The public page that shows this number's record, or the register's search page where the register
   * has no address per number (the number is shown beside the link to paste into it).
   */
  link: (normalised: string) => string;
  /** The link opens the record itself (true) or the search page only (false). */
  direct: boolean;
};

const digits = (min: number, max: number) => new RegExp(`^[1-9][0-9]{${min - 1},${max - 1}}$`);

/** A Swiss enterprise identification number (UID): CHE and nine digits, the last a modulo-11 check digit. */
export function validSwissUid(normalised: string): boolean {
  if (!/^CHE\d{9}$/.test(normalised)) return false;
  const d = normalised.slice(3).split("").map(Number);
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((acc, w, i) => acc + w * (d[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === d[8];
}

/**
 * A Singapore Unique Entity Number: businesses (8 digits and a letter), local companies (year, 5 digits,
 * a letter) and other entities (T/S/R, two year digits, a two-letter entity type, 4 digits, a letter).
 */
export function validSingaporeUen(normalised: string): boolean {
  if (/^\d{8}[A-Z]$/.test(normalised)) return true;
  const company = /^(\d{4})\d{5}[A-Z]$/.exec(normalised);
  if (company) {
    const year = Number(company[1]);
    return year >= 1800 && year <= 2100;
  }
  return /^[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]$/.test(normalised);
}

const fcaSearch = (type: "Companies" | "Individuals") => (n: string) =>
  `https://register.fca.org.uk/s/search?q=${encodeURIComponent(n)}&type=${type}`;

export const REGISTER_INFO: Record<Register, RegisterInfo> = {
  "us-crd-individual": {
    country: "US",
    label: "United States: CRD number (individual, SEC / FINRA)",
    registerName: "FINRA BrokerCheck (CRD)",
    formatHint: "1 to 8 digits, no leading zero",
    example: "1234567",
    valid: (n) => digits(1, 8).test(n),
    link: (n) => `https://brokercheck.finra.org/individual/summary/${n}`,
    direct: true,
  },
  "us-crd-firm": {
    country: "US",
    label: "United States: CRD number (firm, SEC / FINRA)",
    registerName: "FINRA BrokerCheck (firm CRD)",
    formatHint: "1 to 8 digits, no leading zero",
    example: "105729",
    valid: (n) => digits(1, 8).test(n),
    link: (n) => `https://brokercheck.finra.org/firm/summary/${n}`,
    direct: true,
  },
  "uk-fca-frn": {
    country: "UK",
    label: "United Kingdom: FCA Firm Reference Number",
    registerName: "FCA Financial Services Register (FRN)",
    formatHint: "6 or 7 digits",
    example: "123456",
    valid: (n) => digits(6, 7).test(n),
    link: fcaSearch("Companies"),
    direct: true,
  },
  "uk-fca-irn": {
    country: "UK",
    label: "United Kingdom: FCA Individual Reference Number",
    registerName: "FCA Financial Services Register (IRN)",
    formatHint: "3 letters and 5 digits",
    example: "ABC01234",
    valid: (n) => /^[A-Z]{3}\d{5}$/.test(n),
    link: fcaSearch("Individuals"),
    direct: true,
  },
  "ca-nrd": {
    country: "CA",
    label: "Canada: NRD number (National Registration Database)",
    registerName: "CSA National Registration Search (NRD)",
    formatHint: "4 to 8 digits, no leading zero",
    example: "1234567",
    valid: (n) => digits(4, 8).test(n),
    link: () => "https://info.securities-administrators.ca/nrsmobile/nrssearch.aspx",
    direct: false,
  },
  "ch-uid": {
    country: "CH",
    label: "Switzerland: FINMA-authorised firm's UID",
    registerName: "FINMA authorised institutions (UID)",
    formatHint: "CHE and 9 digits, as CHE-123.456.789 (the last digit is a check digit)",
    example: "CHE-123.456.788",
    valid: validSwissUid,
    link: () => "https://www.finma.ch/en/finma-public/authorised-institutions-individuals-and-products/",
    direct: false,
  },
  "sg-uen": {
    country: "SG",
    label: "Singapore: MAS-licensed firm's UEN",
    registerName: "MAS Financial Institutions Directory (UEN)",
    formatHint: "a Unique Entity Number such as 201912345K, 53012345D or T08LL1234A",
    example: "201912345K",
    valid: validSingaporeUen,
    link: () => "https://eservices.mas.gov.sg/fid",
    direct: false,
  },
  "au-afsl": {
    country: "AU",
    label: "Australia: AFS licence number (ASIC)",
    registerName: "ASIC AFS Licensees Register (AFSL)",
    formatHint: "5 or 6 digits",
    example: "240000",
    valid: (n) => digits(5, 6).test(n),
    link: () => "https://connectonline.asic.gov.au/RegistrySearch/faces/landing/ProfessionalRegisters.jspx",
    direct: false,
  },
  "au-far": {
    country: "AU",
    label: "Australia: Financial Advisers Register number (ASIC)",
    registerName: "ASIC Financial Advisers Register",
    formatHint: "6 to 9 digits (leading zeros allowed)",
    example: "001234567",
    valid: (n) => /^\d{6,9}$/.test(n) && /[1-9]/.test(n),
    link: () => "https://moneysmart.gov.au/financial-advice/financial-advisers-register",
    direct: false,
  },
};

export const REGISTER_OPTIONS = REGISTERS.map((value) => ({ value, label: REGISTER_INFO[value].label }));

/** What people type becomes what is stored: spaces, dots and dashes dropped, letters upper case. */
export function normaliseRegistrationNumber(raw: string): string {
  return raw.replace(/[\s.\-/]/g, "").toUpperCase();
}

/** The number as shown: the Swiss UID keeps its usual dots and dash, every other number is shown as stored. */
export function displayRegistrationNumber(register: Register, normalised: string): string {
  if (register === "ch-uid" && /^CHE\d{9}$/.test(normalised)) {
    const d = normalised.slice(3);
    return `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  }
  return normalised;
}

/** Null when the number (as typed) is valid for the register, else the message the form shows. */
export function registrationNumberError(register: Register, raw: string): string | null {
  const info = REGISTER_INFO[register];
  const n = normaliseRegistrationNumber(raw);
  if (n === "") return "Enter the registration number.";
  return info.valid(n) ? null : `That is not a valid ${info.registerName} number: ${info.formatHint}.`;
}

/** The public register page for a stored registration. */
export function registrationLink(register: Register, normalised: string): string {
  return REGISTER_INFO[register].link(normalised);
}
