// `npm run bench:registers`: how fast `registers:import` reads the SEC's individual feed and how much memory
// it holds. Figures only; it never fails on a timing. It writes a feed of BENCH_RECORDS (200,000) people in
// the published layout (ISO-8859-1, gzipped; several employments and registrations each, exams, history,
// a disclosure now and then), imports it into a fresh SQLite database in this process while sampling the
// resident memory every 50 ms, then imports it again (which changes nothing).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { once } from "node:events";
import { performance } from "node:perf_hooks";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-bench-registers-"));
process.env.DATA_DIR = dir;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.MAIL_DIR = path.join(dir, "mail");
process.env.SEED_DEMO = "0";
delete process.env.DATABASE_URL;

let seed = 20270301;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = (list) => list[Math.floor(random() * list.length)];
const FIRST = ["JAMES", "MARÍA", "CHLOÉ", "ROBERT", "AMELIA", "WEI", "FATIMA", "JOHN", "SØREN", "PRIYA", "O'NEIL"];
const LAST = ["SMITH", "GARCÍA", "O'BRIEN", "NGUYEN", "MÜLLER", "JOHNSON", "PATEL", "DUBOIS", "KOWALSKI", "STRAND"];
const FIRMS = Array.from({ length: 2_000 }, (_, i) => `FIRM ${i} ${pick(["CAPITAL", "WEALTH", "ADVISORS", "PARTNERS"])} ${pick(["LLC", "INC.", "L.P.", "& CO."])}`);
const STATES = ["NY", "CA", "TX", "FL", "MA", "IL", "WA", "NJ"];
const esc = (s) => s.replaceAll("&", "&amp;").replaceAll("'", "&apos;");
const day = () => `${2000 + Math.floor(random() * 26)}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`;

function person(i) {
  const emps = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const regs = Array.from({ length: 1 + Math.floor(random() * 4) }, () => `<CrntRgstn regAuth="${pick(STATES)}" regCat="RA" st="APPROVED" stDt="${day()}"/>`).join("");
    const firm = Math.floor(random() * FIRMS.length);
    return `<CrntEmp orgNm="${esc(FIRMS[firm])}" orgPK="${100000 + firm}" str1="${i} MAIN STREET" city="SPRINGFIELD" state="${pick(STATES)}" cntry="United States" postlCd="62701"><CrntRgstns>${regs}</CrntRgstns><BrnchOfLocs><BrnchOfLoc str1="${i} MAIN STREET" city="SPRINGFIELD" state="IL" cntry="United States" postlCd="62701"/></BrnchOfLocs></CrntEmp>`;
  }).join("");
  const drp = random() < 0.05 ? `<DRPs><DRP hasRegAction="N" hasCriminal="N" hasBankrupt="N" hasCivilJudc="N" hasBond="N" hasJudgment="N" hasInvstgn="N" hasCustComp="Y" hasTermination="N"/></DRPs>` : "<DRPs/>";
  return (
    `<Indvl><Info lastNm="${esc(pick(LAST))}" firstNm="${esc(pick(FIRST))}" midNm="" sufNm="" indvlPK="${1_000_000 + i}" actvAGReg="Y" link=""/>` +
    `<OthrNms/><CrntEmps>${emps}</CrntEmps>` +
    `<Exms><Exm exmCd="S65" exmNm="Uniform Investment Adviser Law Examination" exmDt="${day()}"/></Exms><Dsgntns/>` +
    `<PrevRgstns><PrevRgstn orgNm="${esc(pick(FIRMS))}" orgPK="1" regBeginDt="${day()}" regEndDt="${day()}"/></PrevRgstns>` +
    `<EmpHss><EmpHs fromDt="01/2010" toDt="12/2014" orgNm="${esc(pick(FIRMS))}" city="BOSTON" state="MA"/></EmpHss><OthrBuss/>${drp}</Indvl>\n`
  );
}

async function writeFeed(file) {
  const gzip = zlib.createGzip({ level: 1 });
  const out = fs.createWriteStream(file);
  gzip.pipe(out);
  const write = async (text) => {
    if (!gzip.write(Buffer.from(text, "latin1"))) await once(gzip, "drain");
  };
  await write(`<?xml version="1.0" encoding="ISO-8859-1"?>\n<IAPDIndividualReport GenOn="2027-03-01">\n<Indvls>\n`);
  let chunk = "";
  for (let i = 0; i < RECORDS; i++) {
    chunk += person(i);
    if (chunk.length > 256 * 1024) {
      await write(chunk);
      chunk = "";
    }
  }
  await write(`${chunk}</Indvls>\n</IAPDIndividualReport>\n`);
  gzip.end();
  await once(out, "close");
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
const n = (value) => Math.round(value).toLocaleString("en-US");

const feed = path.join(dir, "IA_INDVL_Feed_03_01_2027.xml.gz");
let t = performance.now();
await writeFeed(feed);
console.log(`feed: ${n(RECORDS)} records, ${mb(fs.statSync(feed).size)} gzipped, written in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const { openAppDatabase, setDatabaseForTests } = await import("../../app/platform/db.server.ts");
const { importFeedFile } = await import("../../app/features/registers/run-import.server.ts");
await openAppDatabase();

async function measured(label) {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  t = performance.now();
  const summary = await importFeedFile("sec-individual", feed);
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label}: ${n(summary.records)} records in ${seconds.toFixed(1)} s = ${n(summary.records / seconds)} records a second; ` +
      `RSS ${mb(start)} at the start, ${mb(peak)} at the peak (+${mb(peak - start)}); ` +
      `${n(summary.added)} added, ${n(summary.changed)} changed, applied: ${summary.applied}`,
  );
}

await measured("first import ");
await measured("same file again");
await setDatabaseForTests(undefined);
if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
