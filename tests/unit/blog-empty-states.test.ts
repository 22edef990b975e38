import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import Blog, { loader as blogLoader } from "~/routes/blog";
import AdminBlog, { loader as adminLoader } from "~/routes/admin.blog";
import { getRequest, requestArgs } from "./helpers";
import { uniqueEmail } from "./support/auth-requests";

// The empty states are words on a page: the real route components rendered on the server with what
// their real loaders return for an empty table (the end-to-end tests share one database with the
// demo posts, so "no posts at all" can only be seen here).
async function render(path: string, Component: ComponentType, loader: (args: never) => unknown, cookie?: string) {
  const request = getRequest(path, { cookie });
  const loaderData = await (loader as (a: object) => unknown)({ request, params: {}, context: {} });
  const router = createMemoryRouter([{ id: "page", path: path.split("?")[0], Component }], {
    initialEntries: [path],
    hydrationData: { loaderData: { page: loaderData } },
  });
  return renderToString(createElement(RouterProvider, { router }));
}

beforeEach(async () => {
  await db().delete(blogPosts);
});

describe("empty states", () => {
  it("/blog with no published posts: 'No blog posts available yet.'", async () => {
    await db().insert(blogPosts).values({ title: "Draft", slug: "draft", content: "<p>x</p>" });
    const html = await render("/blog", BlogPage, blogLoader);
    expect(html).toContain("No blog posts available yet.");
  });

  it("/blog?category=legal with none there: 'No blog posts found in the Legal category.'", async () => {
    await db().insert(blogPosts).values({ title: "Other", slug: "other", content: "<p>x</p>", published: true, category: "tax-planning" });
    const html = await render("/blog?category=legal", BlogPage, blogLoader);
    expect(html).toContain("No blog posts found in the Legal category.");
  });

  it("/admin/blog with no posts: 'No blog posts found. Create your first post!'", async () => {
    const { userId } = await upsertAccount({ email: uniqueEmail("empty-admin"), password: "Passw0rdX", role: "admin" });
    const cookie = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0];
    const html = await render("/admin/blog", AdminBlogPage, adminLoader, cookie);
    expect(html).toContain("No blog posts found. Create your first post!");
  });
});

// Route components receive their loader data as a prop, as the framework passes it.
function BlogPage() {
  const loaderData = useLoaderData() as never;
  return createElement(Blog as unknown as ComponentType<{ loaderData: never }>, { loaderData });
}

function AdminBlogPage() {
  const loaderData = useLoaderData() as never;
  return createElement(AdminBlog as unknown as ComponentType<{ loaderData: never }>, { loaderData });
}
