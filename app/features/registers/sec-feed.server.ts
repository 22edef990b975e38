/**
 * The SEC's Investment Adviser Public Disclosure compilation feeds, read as a stream: the individual
 * representatives' feed (root `IAPDIndividualReport`) and the SEC-registered firms' feed (root
 * `IAPDFirmSECReport`). Each is parsed with saxes, element by element, so a file of any size is read in
 * constant memory; records are handed out in batches as the parser finds them. Where each element and
 * attribute comes from in the published layout: docs/decisions/053-regulator-records.md.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { DisclosureKind, RecordSource, RegisterRecord } from "~/domain/register-records";

/** The feed's root element per source; anything else is refused before a record is read. */
const ROOTS: Record<"sec-individual" | "sec-firm", string> = {
  "sec-individual": "IAPDIndividualReport",
  "sec-firm": "IAPDFirmSECReport",
};

/** The individual feed's DRP flags (each "Y" or "N") and the kind each stands for. */
const DRP_FLAGS: Record<string, DisclosureKind> = {
  hasRegAction: "regulatory",
  hasCriminal: "criminal",
  hasBankrupt: "bankruptcy",
  hasCivilJudc: "civil",
  hasBond: "bond",
  hasJudgment: "judgment",
  hasInvstgn: "investigation",
  hasCustComp: "customer-complaint",
  hasTermination: "termination",
};

export class FeedError extends Error {}

type Partial = {
  number: string;
  name: string;
  otherNames: string[];
  statuses: string[];
  current: boolean;
  since: string | null;
  firms: { name: string; number: string | null }[];
  disclosures: Set<DisclosureKind>;
};

const fresh = (): Partial => ({ number: "", name: "", otherNames: [], statuses: [], current: false, since: null, firms: [], disclosures: new Set() });

const attr = (tag: SaxesTagPlain, name: string) => {
  const value = tag.attributes[name];
  return typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
};
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const earliest = (a: string | null, b: string) => (isDay(b) && (a === null || b < a) ? b : a);
const personName = (tag: SaxesTagPlain) => [attr(tag, "firstNm"), attr(tag, "midNm"), attr(tag, "lastNm"), attr(tag, "sufNm")].filter(Boolean).join(" ");

/** "APPROVED" and the like count as registered; "TERMINATED", "REVOKED", etc. do not. */
const REGISTERED = /^(APPROVED|ACTIVE)/i;

export type FeedReader = {
  /** Feeds decoded text; returns the records completed by it. */
  write(text: string): RegisterRecord[];
  /** The end of the file: throws when the document is not whole (a truncated download). */
  close(): RegisterRecord[];
  /** The feed's generation date (`GenOn` on the root), once the root was read. */
  feedDate(): string | null;
  /** Records left out because they had no number or name. */
  skipped(): number;
};

export function secFeedReader(source: "sec-individual" | "sec-firm"): FeedReader {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const root = ROOTS[source];
  const record = source === "sec-individual" ? "Indvl" : "Firm";
  let seenRoot = false;
  let genOn: string | null = null;
  let current: Partial | null = null;
  let out: RegisterRecord[] = [];
  let skipped = 0;
  let failure: Error | null = null;

  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    if (!seenRoot) {
      seenRoot = true;
      if (tag.name !== root) throw new FeedError(`This is not the ${source === "sec-individual" ? "individual" : "firm"} feed: its root element is <${tag.name}>, not <${root}>.`);
      const gen = attr(tag, "GenOn");
      genOn = isDay(gen) ? gen : null;
      return;
    }
    if (tag.name === record) {
      current = fresh();
      return;
    }
    if (!current) return;
    const c: Partial = current;
    switch (tag.name) {
      case "Info":
        if (source === "sec-individual") {
          c.number = attr(tag, "indvlPK");
          c.name = personName(tag);
        } else {
          c.number = attr(tag, "FirmCrdNb");
          c.name = attr(tag, "BusNm");
          const legal = attr(tag, "LegalNm");
          if (legal && legal !== c.name) c.otherNames.push(legal);
        }
        break;
      case "OthrNm": {
        const other = personName(tag);
        if (other) c.otherNames.push(other);
        break;
      }
      case "CrntEmp":
        c.firms.push({ name: attr(tag, "orgNm"), number: attr(tag, "orgPK") || null });
        break;
      case "CrntRgstn": {
        const st = attr(tag, "st");
        if (st && !c.statuses.includes(st)) c.statuses.push(st);
        if (REGISTERED.test(st)) {
          c.current = true;
          c.since = earliest(c.since, attr(tag, "stDt"));
        }
        break;
      }
      case "DRP":
        for (const [flag, kind] of Object.entries(DRP_FLAGS)) if (attr(tag, flag).toUpperCase() === "Y") c.disclosures.add(kind);
        break;
      case "Rgstn": {
        const st = attr(tag, "St");
        const type = attr(tag, "FirmType");
        c.statuses.push([type, st].filter(Boolean).join(" "));
        if (REGISTERED.test(st)) {
          c.current = true;
          c.since = earliest(c.since, attr(tag, "Dt"));
        }
        break;
      }
      case "Item11":
        // Form ADV Item 11: "Y" when the firm or its people answered yes to any disciplinary question.
        if (attr(tag, "Q11").toUpperCase() === "Y") c.disclosures.add("form-adv");
        break;
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.name !== record || !current) return;
    const c: Partial = current;
    current = null;
    if (!/^\d{1,10}$/.test(c.number) || !c.name) {
      skipped++;
      return;
    }
    out.push({
      source: source as RecordSource,
      number: String(Number(c.number)),
      name: c.name,
      otherNames: c.otherNames,
      current: c.current,
      status: c.statuses.join(", ") || "no current registration",
      since: c.since,
      firms: c.firms.filter((f) => f.name),
      disclosures: [...c.disclosures].sort(),
    });
  });

  const take = () => {
    if (failure) throw new FeedError(failure.message);
    const done = out;
    out = [];
    return done;
  };
  return {
    write(text) {
      parser.write(text);
      return take();
    },
    close() {
      try {
        parser.close();
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
      if (!failure && !seenRoot) failure = new Error("the file holds no XML document");
      return take();
    },
    feedDate: () => genOn,
    skipped: () => skipped,
  };
}
