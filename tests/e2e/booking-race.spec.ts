// Sixteen clients book the same time with one professional at the same moment, on a production server
// with two workers, each with its own connection to the one SQLite file (docs/decisions/030-storage-failures.md,
// "writers that meet"): exactly one booking, the fifteen others hear the designed "just taken" message,
// and nobody is answered 503 "Not saved". Plain form posts as a browser without JavaScript sends them
// (the session cookie, the page's hidden fields, its Origin), each on a connection of its own, all
// connected first and written in one turn; the cluster hands fresh connections to its workers in turn.
// A server of its own: checked once, in the no-js project.
import http from "node:http";
import net from "node:net";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createUser, startOwnServer, uniqueEmail, type OwnServer, checkedOnce } from "./support";

const PASSWORD = "Passw0rd!BookingRace";
const RACERS = 16;
// The designed refusal (BOOKING_MESSAGES.taken in app/features/booking/booking.data.server.ts).
const TAKEN = "That time was just taken. Please choose another.";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a server of its own, posted to without JavaScript: checked once, in the no-js project");
// A server of its own, sixteen accounts signed in through the form, beside other specs on two busy cores.
test.describe.configure({ timeout: 120_000 });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Form = Record<string, string>;

/** One request on `socket` (already connected), or on a fresh connection of its own. */
function request(base: string, pathname: string, init: { cookie?: string; form?: Form; socket?: net.Socket } = {}): Promise<Answer> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, {
      method: body === undefined ? "GET" : "POST",
      ...(init.socket ? { createConnection: () => init.socket! } : { agent: false }),
      headers: {
        Connection: "close",
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: base }),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

function connected(base: string): Promise<net.Socket> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

const cookieOf = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");

/** The name/value pairs of a page's <input> tags named `name` (hidden fields and radios). */
function inputs(html: string, name: string): string[] {
  const values: string[] = [];
  for (const tag of html.match(/<input[^>]*>/g) ?? []) {
    if (new RegExp(`\\sname="${name}"`).test(tag)) values.push((/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&"));
  }
  return values;
}

async function until(what: string, condition: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const listeningWorkers = (server: OwnServer) => (server.output().match(/listening on .*\(worker \d+\)/g) ?? []).length;

/**
 * A verified professional whose first calls can be booked every hour of every day (UTC, 60 minutes, by
 * video), and `clients` introductions to them, accepted: written into the server's own database as the
 * admin's form, the availability page and an accepted introduction leave them.
 */
function professionalWithClients(server: OwnServer, clients: { id: string }[]): { professionalId: number; introductions: number[] } {
  const sqlite = new Database(server.dbPath);
  try {
    sqlite.pragma("busy_timeout = 5000");
    return sqlite
      .transaction(() => {
        const { id: professionalId } = sqlite
          .prepare(
            `INSERT INTO professionals (name, title, company, email, verified, verified_at, phone, languages)
             VALUES ('Rita Race', 'Senior Advisor', 'Race Partners', ?, 1, ?, '+44 20 7946 0000', '["English"]') RETURNING id`,
          )
          .get(uniqueEmail("race-pro"), Date.now() - 86_400_000) as { id: number };
        sqlite
          .prepare("INSERT INTO availability (professional_id, time_zone, meeting_minutes, weekly, video_link, offers_phone) VALUES (?, 'UTC', 60, ?, ?, 0)")
          .run(professionalId, JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "00:00", end: "24:00" }))), "https://meet.example.com/race");
        const introduce = sqlite.prepare(
          "INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id",
        );
        const introductions = clients.map((c) => (introduce.get(c.id, professionalId, Date.now(), Date.now()) as { id: number }).id);
        return { professionalId, introductions };
      })
      .immediate();
  } finally {
    sqlite.close();
  }
}

function bookingsOf(server: OwnServer, professionalId: number): { introductionId: number; startsAt: number; status: string }[] {
  const sqlite = new Database(server.dbPath, { readonly: true });
  try {
    return sqlite
      .prepare("SELECT introduction_id AS introductionId, starts_at AS startsAt, status FROM bookings WHERE professional_id = ?")
      .all(professionalId) as { introductionId: number; startsAt: number; status: string }[];
  } finally {
    sqlite.close();
  }
}

test.describe("a booking race on two workers", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ WEB_CONCURRENCY: "2" });
    await until("both workers to listen", () => listeningWorkers(server) === 2);
  });
  test.afterAll(async () => server?.stop());

  test(`${RACERS} clients book one professional's same time at once: one booking, ${RACERS - 1} told it was just taken, no 503`, async () => {
    checkedOnce();
    expect(server.workerPids(), "two worker processes").toHaveLength(2);
    const clients = [];
    for (let i = 0; i < RACERS; i++) {
      clients.push(await createUser({ email: uniqueEmail(`race-client-${i}`), password: PASSWORD, role: "client", name: `Racer ${String.fromCharCode(65 + i)}` }, server));
    }
    const { professionalId, introductions } = professionalWithClients(server, clients);

    // Each client signs in through the form and opens their call page, as a browser without JavaScript does.
    const racers: { introductionId: number; cookie: string; html: string }[] = [];
    for (const [i, client] of clients.entries()) {
      const signedIn = await request(server.baseURL, "/login", { form: { email: client.email, password: PASSWORD } });
      expect(signedIn.status, `${client.email} signs in`).toBe(302);
      const cookie = cookieOf(signedIn);
      expect(cookie).toMatch(/wm_session=/);
      const page = await request(server.baseURL, `/introductions/${introductions[i]}/call`, { cookie });
      expect(page.status).toBe(200);
      racers.push({ introductionId: introductions[i]!, cookie, html: page.body });
    }
    // One time a day and a few hours ahead, offered on every client's page.
    const slot = inputs(racers[0]!.html, "slot")[30];
    expect(slot, "a slot on the call page").toBeTruthy();
    for (const racer of racers) expect(inputs(racer.html, "slot")).toContain(slot);

    // Every connection open first, then every form written in the same turn of the event loop.
    const sockets = await Promise.all(racers.map(() => connected(server.baseURL)));
    const answers = await Promise.all(
      racers.map((racer, i) => {
        // The booking form's fields: its intent and the zone it was shown in (hidden), the time, the first way to meet.
        expect(inputs(racer.html, "intent")).toContain("book");
        expect(inputs(racer.html, "kind")[0]).toBe("video");
        const form: Form = { intent: "book", slot: slot!, kind: "video" };
        for (const timeZone of inputs(racer.html, "timeZone")) form.timeZone = timeZone;
        return request(server.baseURL, `/introductions/${racer.introductionId}/call`, { cookie: racer.cookie, form, socket: sockets[i] });
      }),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 503), `503 "Not saved" answers among ${statuses.join(" ")}`).toEqual([]);
    const won = answers.flatMap((a, i) => ([302, 303].includes(a.status) ? [i] : []));
    expect(won, `one booking among ${statuses.join(" ")}`).toHaveLength(1);
    const winner = racers[won[0]!]!;
    expect(answers[won[0]!]!.headers.location).toBe(`/introductions/${winner.introductionId}/call`);
    const lost = answers.filter((_, i) => i !== won[0]);
    expect(lost).toHaveLength(RACERS - 1);
    for (const answer of lost) {
      expect(answer.status).toBe(409);
      expect(answer.body).toContain(TAKEN);
    }
    // One row, the winner's, at that time.
    expect(bookingsOf(server, professionalId)).toEqual([{ introductionId: winner.introductionId, startsAt: Date.parse(slot!), status: "booked" }]);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|Unhandled|exited with|was killed/);
  });
});
