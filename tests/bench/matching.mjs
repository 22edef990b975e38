// Prints how long the matching engine takes: `npm run bench:matching`. Figures only; it never fails on a timing.
// One client against 2,000 professionals (including preparing them), then 10,000 clients against the same 2,000.
// The data is generated from a fixed seed so runs compare; sizes can be changed with BENCH_PROS / BENCH_CLIENTS.
import { performance } from "node:perf_hooks";
import { createMatcher, match } from "../../app/domain/matching-engine.ts";
import {
  AUM_RANGES,
  CERTIFICATIONS,
  CLIENT_PROFILES,
  COMMUNICATION_CHANNELS,
  COUNTRIES,
  FEE_MODELS,
  INVESTMENT_OBJECTIVES,
  NET_WORTH_RANGES,
  SERVICES,
  WEALTH_SOURCES,
} from "../../app/domain/vocabulary.ts";

const PROS = Number(process.env.BENCH_PROS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10000);
const LANGUAGES = ["English", "French", "German", "Spanish", "Mandarin", "Arabic"];

let seed = 20261123;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = (list) => list[Math.floor(random() * list.length)];
const some = (list, max = list.length) => {
  const n = 1 + Math.floor(random() * Math.min(max, list.length));
  return [...new Set(Array.from({ length: n }, () => pick(list)))];
};

const served = COUNTRIES.filter((c) => c !== "other");
const professionals = Array.from({ length: PROS }, (_, i) => ({
  id: i + 1,
  company: random() < 0.3 ? "Independent" : `Firm ${Math.floor(random() * 400)}`,
  verified: random() < 0.9,
  featured: random() < 0.1,
  services: some(SERVICES, 4),
  certifications: random() < 0.2 ? [] : some(CERTIFICATIONS, 2),
  aumRange: pick(AUM_RANGES),
  clientProfiles: some(CLIENT_PROFILES, 3),
  communication: some(COMMUNICATION_CHANNELS, 3),
  countriesServed: random() < 0.15 ? ["worldwide"] : some(served, 3),
  experienceYears: Math.floor(random() * 30),
  disciplinary: { disclosed: random() < 0.05, cleared: random() < 0.5 },
  feeModel: pick(FEE_MODELS),
  impactInvesting: random() < 0.4,
  languages: some(LANGUAGES, 2),
}));

const clients = Array.from({ length: CLIENTS }, () => ({
  countryOfResidency: pick(COUNTRIES),
  investmentObjectives: some(INVESTMENT_OBJECTIVES, 3),
  netWorth: random() < 0.8 ? pick(NET_WORTH_RANGES) : undefined,
  wealthSource: random() < 0.8 ? some(WEALTH_SOURCES, 2) : undefined,
  preferredCommunication: random() < 0.7 ? pick(COMMUNICATION_CHANNELS) : undefined,
  whatMatters:
    random() < 0.5
      ? { feeModel: pick(FEE_MODELS), impactInvesting: random() < 0.5, language: pick(LANGUAGES) }
      : undefined,
}));

const ms = (start) => (performance.now() - start).toFixed(1);

// Warm up so the first figure is not the compiler's.
for (let i = 0; i < 20; i++) match(clients[i % clients.length], professionals);

let start = performance.now();
const one = match(clients[0], professionals);
console.log(`one client against ${PROS} professionals (preparing them included): ${ms(start)} ms`);
console.log(`  passed the filters: ${one.passed}, shortlisted: ${one.shortlist.length} (${one.status})`);

start = performance.now();
const matcher = createMatcher(professionals);
const prepared = ms(start);
start = performance.now();
let tooFew = 0;
for (const c of clients) if (matcher(c).status === "too-few") tooFew++;
const total = performance.now() - start;
console.log(`preparing ${PROS} professionals once: ${prepared} ms`);
console.log(
  `${CLIENTS} clients against ${PROS} professionals: ${(total / 1000).toFixed(2)} s (${(total / CLIENTS).toFixed(2)} ms a client; ${tooFew} with fewer than 3)`,
);
