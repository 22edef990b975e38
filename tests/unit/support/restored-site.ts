// The app started on a restored database, for tests/unit/db-restore.test.ts: the app's own start-up
// (migrations, settings, housekeeping) and the production server's wiring (server/app.ts) serving
// /readyz and /uploads from the database as server.ts does, with a stand-in for the rendered pages that
// answers GET /restored with what the app reads back (accounts, posts, introductions, messages) as JSON.
// Run with tsx, DATA_DIR or DATABASE_URL pointing at the restored data; prints "listening <port>".
import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import { createServer, type AppBuild } from "../../../server/app";
import { startup, shutdown } from "~/startup.server";
import { db } from "~/platform/db.server";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { databaseReadiness } from "~/platform/readiness.server";
import { introductions, messages, users, blogPosts } from "~/platform/schema";
import { readStoredFile } from "~/platform/uploads/stored-files.server";
import { getPublishedPost } from "~/features/blog/posts.data.server";

/** What a site holds, read through the app: the same reads on the live site and on the restored one. */
export async function siteContents() {
  const accounts = await db().select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).orderBy(asc(users.email));
  const slugs = await db().select({ slug: blogPosts.slug }).from(blogPosts).orderBy(asc(blogPosts.slug));
  const posts = await Promise.all(slugs.map(({ slug }) => getPublishedPost(slug)));
  const intros = await db()
    .select({ id: introductions.id, client: introductions.clientUserId, professional: introductions.professionalId, status: introductions.status })
    .from(introductions)
    .orderBy(asc(introductions.id));
  const sent = await db()
    .select({ id: messages.id, introduction: messages.introductionId, sender: messages.sender, body: messages.body })
    .from(messages)
    .orderBy(asc(messages.id));
  return { accounts, posts, introductions: intros, messages: sent };
}

if (process.env.RESTORED_SITE === "1") {
  await startup();
  const { server, stop } = createServer({
    build: { entry: { module: { refusalPage: (status: number) => `<p>${status}</p>`, HSTS, setServerHeaders, readUpload: readStoredFile, databaseReadiness } } } as unknown as AppBuild,
    clientDir: process.cwd(),
    handler: (req, res, next) => {
      if (req.url !== "/restored") return next();
      siteContents().then((contents) => res.json(contents), next);
    },
  });
  server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
  process.once("SIGTERM", () => {
    void stop()
      .then(shutdown)
      .finally(() => process.exit(0));
  });
}
