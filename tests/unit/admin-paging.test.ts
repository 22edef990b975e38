import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { auditEvents } from "~/platform/schema";
import { ADMIN_PAGE_SIZE } from "~/features/admin/shell/paging";
import { listAuditEvents } from "~/features/admin/audit/audit.data.server";

// Every admin list pages the same way (readPage): 50 rows a page, newest first, the count of all, and a
// page past the end shows the last one rather than an empty table. Each test file has its own database.
describe("an admin list of 53 rows", () => {
  beforeAll(async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    await db()
      .insert(auditEvents)
      .values(Array.from({ length: 53 }, (_, n) => ({ kind: "ADMIN_ACTION" as const, email: `paging-${n}@example.com`, detail: `event ${n}`, createdAt: new Date(start + n * 60_000) })));
  });

  const list = (query: string) => listAuditEvents(new URLSearchParams(query));

  it("shows the newest 50 on the first page, with the count of all and two pages", async () => {
    const first = await list("kind=ADMIN_ACTION");
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 53 });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.rows[0]?.detail).toBe("event 52");
  });

  it("shows the oldest three on the second page", async () => {
    const second = await list("kind=ADMIN_ACTION&page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 53 });
    expect(second.rows.map((r) => r.detail)).toEqual(["event 2", "event 1", "event 0"]);
  });

  it("answers a page past the end with the last page", async () => {
    const beyond = await list("kind=ADMIN_ACTION&page=9");
    expect(beyond).toMatchObject({ page: 2, pageCount: 2 });
    expect(beyond.rows).toHaveLength(3);
  });

  it("counts only what the filter keeps", async () => {
    expect(await list("email=paging-7@example.com")).toMatchObject({ page: 1, pageCount: 1, total: 1 });
  });
});
