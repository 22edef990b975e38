export type DemoProfessional = {
  name: string;
  title: string;
  company: string;
  email: string;
  bio: string;
  phone: string;
  location: string;
  experienceYears: number;
  specialties: string[];
  certifications: string[];
  verified: boolean;
  featured: boolean;
  /** When the professional joined the network, relative to seeding. */
  daysAgo: number;
};

// Addresses use the reserved .example domain so demo data can never e-mail a real person.
export const DEMO_PROFESSIONALS: DemoProfessional[] = [
  {
    name: "Eleanor Whitfield",
    title: "Senior Wealth Advisor",
    company: "Whitfield & Hale Private Wealth",
    email: "eleanor.whitfield@whitfieldhale.example",
    bio: "Eleanor advises founders and multi-generational families on investment strategy, liquidity events and family governance. Before co-founding Whitfield & Hale she spent twelve years in private banking in New York and London. She is known for building long-term investment policies that families actually follow.",
    phone: "+1 (212) 555-0143",
    location: "New York, NY",
    experienceYears: 22,
    specialties: ["Investment Management", "Family Office Services", "Liquidity Events"],
    certifications: ["CFA", "CFP"],
    verified: true,
    featured: true,
    daysAgo: 240,
  },
  {
    name: "Marcus Okonkwo",
    title: "Estate Planning Attorney",
    company: "Okonkwo Legal Partners",
    email: "marcus@okonkwolegal.example",
    bio: "Marcus drafts and maintains estate plans for families with closely held businesses, real estate portfolios and cross-border assets. He works alongside clients' wealth and tax advisors so that documents, titling and beneficiary designations stay aligned as circumstances change.",
    phone: "+1 (312) 555-0178",
    location: "Chicago, IL",
    experienceYears: 16,
    specialties: ["Estate Planning", "Legal Services", "Business Succession"],
    certifications: ["Bar/Lawyer"],
    verified: true,
    featured: true,
    daysAgo: 221,
  },
  {
    name: "Sophia Lindqvist",
    title: "Partner, Private Client Tax",
    company: "Lindqvist Moreau CPAs",
    email: "sophia.lindqvist@lindqvistmoreau.example",
    bio: "Sophia leads the private client tax practice at Lindqvist Moreau, advising executives and entrepreneurs on equity compensation, multi-state residency and year-round tax-loss harvesting. She prepares clients for the tax consequences of a sale well before the letter of intent is signed.",
    phone: "+1 (415) 555-0126",
    location: "San Francisco, CA",
    experienceYears: 14,
    specialties: ["Tax Planning", "Equity Compensation", "Retirement Planning"],
    certifications: ["CPA", "CFP"],
    verified: true,
    featured: true,
    daysAgo: 198,
  },
  {
    name: "James Thornbury",
    title: "Managing Director, Private Banking",
    company: "Harbourline Private Bank",
    email: "j.thornbury@harbourline.example",
    bio: "James heads a private banking team serving business owners and professionals with complex lending, custody and cash management needs. He specialises in structured credit against concentrated and illiquid assets, and in coordinating banking with clients' independent investment advisors.",
    phone: "+1 (617) 555-0190",
    location: "Boston, MA",
    experienceYears: 19,
    specialties: ["Private Banking", "Risk Management", "Lending"],
    certifications: ["CIMA"],
    verified: true,
    featured: false,
    daysAgo: 176,
  },
  {
    name: "Amelia Castellano",
    title: "Retirement and Income Planner",
    company: "Castellano Financial Planning",
    email: "amelia@castellanofp.example",
    bio: "Amelia helps physicians, executives and retirees turn accumulated wealth into dependable income. Her planning covers withdrawal sequencing, Roth conversions, pension decisions and long-term care funding, with a plain-language report clients can share with their families.",
    phone: "+1 (305) 555-0152",
    location: "Miami, FL",
    experienceYears: 11,
    specialties: ["Retirement Planning", "Tax Planning", "Income Strategies"],
    certifications: ["CFP", "ChFC"],
    verified: true,
    featured: false,
    daysAgo: 133,
  },
  {
    name: "Daniel Reyes-Whitman",
    title: "Portfolio Manager",
    company: "Meridian Ridge Capital",
    email: "daniel.reyes@meridianridge.example",
    bio: "Daniel manages diversified and values-aligned portfolios for individuals and foundations. He has particular experience helping clients unwind concentrated stock positions through staged selling, exchange funds and charitable strategies.",
    phone: "+1 (512) 555-0167",
    location: "Austin, TX",
    experienceYears: 9,
    specialties: ["Investment Management", "Concentrated Positions", "Sustainable Investing"],
    certifications: ["CFA"],
    verified: false,
    featured: false,
    daysAgo: 61,
  },
  {
    name: "Priya Raman",
    title: "Cross-Border Wealth Strategist",
    company: "Raman Global Advisory",
    email: "priya@ramanglobal.example",
    bio: "Priya advises internationally mobile families on residency changes, cross-border estate issues and holding assets across jurisdictions. She coordinates with tax and legal counsel in the US, UK, Singapore and Switzerland to keep clients compliant everywhere they live and invest.",
    phone: "+1 (206) 555-0134",
    location: "Seattle, WA",
    experienceYears: 13,
    specialties: ["Estate Planning", "International Planning", "Family Office Services"],
    certifications: ["CFP", "CPA"],
    verified: false,
    featured: false,
    daysAgo: 27,
  },
  {
    name: "Thomas O'Brien",
    title: "Risk and Insurance Advisor",
    company: "Ashgrove Risk Partners",
    email: "tobrien@ashgroverisk.example",
    bio: "Thomas reviews the insurance programmes of affluent households as a whole: umbrella liability, high-value homes, collections, household employees and board service. He works as an independent broker, so his recommendations are not tied to a single carrier.",
    phone: "+1 (303) 555-0119",
    location: "Denver, CO",
    experienceYears: 6,
    specialties: ["Risk Management", "Insurance Planning", "Asset Protection"],
    certifications: ["ChFC"],
    verified: false,
    featured: false,
    daysAgo: 9,
  },
];
