// The booking race `npm run soak` runs in the middle of its traffic: RACERS clients, each signed in through
// the form once, post the booking form for the same time with one professional at the same moment, as
// tests/e2e/booking-race.spec.ts does on a quiet server. Every race has a professional of its own (written
// into the database before the traffic starts, so no outside write holds the lock during the soak), and
// an accepted introduction from each client. Plain form posts as a browser without JavaScript sends them,
// each on a connection of its own, all connected first and written in one turn: the cluster hands fresh
// connections to its workers in turn, so both workers take part.
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import Database from "better-sqlite3";
// The app's own hashing task (prehash, then bcrypt): a stored hash the sign-in form checks as it checks any.
import hashTask from "../../app/platform/password-worker.mjs";

export const RACERS = 16;
// The designed refusal (BOOKING_MESSAGES.taken in app/features/booking/booking.data.server.ts).
export const TAKEN = "That time was just taken. Please choose another.";

/** One request on `socket` (already connected), or on a fresh connection of its own; never throws. */
export function request(base, pathname, { cookie, form, socket, ip } = {}) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve) => {
    const req = http.request(`${base}${pathname}`, {
      method: body === undefined ? "GET" : "POST",
      ...(socket ? { createConnection: () => socket } : { agent: false }),
      headers: {
        Connection: "close",
        ...(ip ? { "X-Forwarded-For": ip } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: base }),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", (error) => resolve({ status: `error ${error.code ?? error.message}`, headers: {}, body: "" }));
    });
    req.on("error", (error) => resolve({ status: `error ${error.code ?? error.message}`, headers: {}, body: "" }));
    req.end(body);
  });
}

function connected(base) {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** The values of a page's <input> tags named `name` (hidden fields and radios). */
function inputs(html, name) {
  const values = [];
  for (const tag of html.match(/<input[^>]*>/g) ?? []) {
    if (new RegExp(`\\sname="${name}"`).test(tag)) values.push((/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&"));
  }
  return values;
}

const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/**
 * RACERS client accounts (as `user:create` stores them: user, profile, role, address confirmed) and, for
 * each of `races` races, a verified professional whose first calls can be booked every hour of every day
 * (UTC, 60 minutes, by video) with an accepted introduction from every client. One transaction.
 */
export function raceSetup(dbPath, races, password) {
  const hash = hashTask({ op: "hash", password, cost: Number(process.env.BCRYPT_COST ?? 12) });
  const run = crypto.randomBytes(4).toString("hex");
  const now = Date.now();
  const sqlite = new Database(dbPath);
  try {
    sqlite.pragma("busy_timeout = 5000");
    return sqlite
      .transaction(() => {
        const clients = Array.from({ length: RACERS }, (_, i) => {
          const id = crypto.randomUUID();
          const email = `soak-racer-${i}-${run}@bench.example`;
          sqlite.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, ?, ?)").run(id, email, hash, now);
          sqlite.prepare("INSERT INTO profiles (user_id, email, full_name) VALUES (?, ?, ?)").run(id, email, `Racer ${String.fromCharCode(65 + i)}`);
          sqlite.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'client')").run(id);
          return { id, email };
        });
        const weekly = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "00:00", end: "24:00" })));
        const professionals = Array.from({ length: races }, (_, r) => {
          const { id } = sqlite
            .prepare(
              `INSERT INTO professionals (name, title, company, email, verified, verified_at, phone, languages)
               VALUES (?, 'Senior Advisor', 'Race Partners', ?, 1, ?, '+44 20 7946 0000', '["English"]') RETURNING id`,
            )
            .get(`Rita Race ${r + 1}`, `soak-race-pro-${r}-${run}@bench.example`, now - 86_400_000);
          sqlite
            .prepare("INSERT INTO availability (professional_id, time_zone, meeting_minutes, weekly, video_link, offers_phone) VALUES (?, 'UTC', 60, ?, ?, 0)")
            .run(id, weekly, "https://meet.example.com/race");
          const introduce = sqlite.prepare(
            "INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id",
          );
          return { id, introductions: clients.map((c) => introduce.get(c.id, id, now, now).id) };
        });
        return { clients, professionals };
      })
      .immediate();
  } finally {
    sqlite.close();
  }
}

/**
 * Signs each client in through the form, from an address of their own; a busy answer (503, Retry-After)
 * is tried again after the time it asks for, as a person would. `note(kind, answer, ms)` counts every answer.
 */
export async function signInRacers(base, clients, password, note) {
  const racers = [];
  for (const client of clients) {
    const ip = address();
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const answer = await request(base, "/login", { form: { email: client.email, password }, ip });
      note("race sign-in", answer, performance.now() - started);
      const cookie = (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
      if (answer.status === 302 && /wm_session=/.test(cookie)) {
        racers.push({ cookie, ip });
        break;
      }
      const wait = Number(answer.headers["retry-after"]);
      if (answer.status !== 503 || !wait || attempt >= 5) throw new Error(`soak: racer ${client.email} could not sign in (${answer.status})`);
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
  }
  return racers;
}

/**
 * One race against `professional`: each client opens their call page (the hidden fields as their browser
 * has them), then all post the same time at once. Returns the answers to the posts and the bookings the
 * database holds for that professional afterwards.
 */
export async function race(base, dbPath, racers, professional, note) {
  const pages = [];
  for (const [i, racer] of racers.entries()) {
    const started = performance.now();
    const page = await request(base, `/introductions/${professional.introductions[i]}/call`, { cookie: racer.cookie, ip: racer.ip });
    note("race call page", page, performance.now() - started);
    if (page.status !== 200) return { problem: `a call page answered ${page.status}`, answers: [], bookings: [] };
    pages.push(page.body);
  }
  // One time a day and a few hours ahead, offered on every client's page.
  const slot = inputs(pages[0], "slot")[30];
  if (!slot || !pages.every((html) => inputs(html, "slot").includes(slot))) return { problem: "the call pages offer no common time", answers: [], bookings: [] };

  const sockets = await Promise.all(racers.map(() => connected(base)));
  const started = performance.now();
  const answers = await Promise.all(
    racers.map((racer, i) => {
      const form = { intent: "book", slot, kind: inputs(pages[i], "kind")[0] ?? "video" };
      for (const timeZone of inputs(pages[i], "timeZone")) form.timeZone = timeZone;
      return request(base, `/introductions/${professional.introductions[i]}/call`, { cookie: racer.cookie, ip: racer.ip, form, socket: sockets[i] }).then((answer) => {
        note("race booking", answer, performance.now() - started);
        return answer;
      });
    }),
  );
  const sqlite = new Database(dbPath, { readonly: true });
  try {
    const bookings = sqlite.prepare("SELECT introduction_id AS introductionId, starts_at AS startsAt FROM bookings WHERE professional_id = ? AND status = 'booked'").all(professional.id);
    return { slot, answers, bookings, ms: performance.now() - started };
  } finally {
    sqlite.close();
  }
}
