import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { adminDashboardLoader } from "~/features/admin/dashboard/dashboard.server";
import { MATCHES_PATH } from "~/features/admin/matches/admin-matches";
import { PROMISE_TEXT } from "~/domain/business-day";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminIcon } from "~/features/admin/shell/admin-icons";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AddLink } from "~/features/admin/shell/add-link";
import { StatCard } from "~/features/admin/dashboard/stat-card";
import { FunnelFigures } from "~/features/admin/dashboard/funnel-figures";
import { FigureWarnings } from "~/features/admin/settings/figure-warnings";
import { PhoneWarning } from "~/features/admin/dashboard/phone-warning";
import { RegisterChanges } from "~/features/registers/register-changes";
import { BillingFigures } from "~/features/billing/billing-figures";

export const loader = (args: Route.LoaderArgs) => adminDashboardLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function AdminDashboard({ loaderData: counts }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description="Content, enquiries, professionals and matching at a glance."
        actions={
          <>
            <AddLink to="/admin/blog/new" label="New Post" />
            <AddLink to="/admin/professionals/new" label="Add Professional" variant="secondary" />
          </>
        }
      />
      <PhoneWarning />
      <FigureWarnings warnings={counts.figureWarnings} />
      <RegisterChanges changes={counts.registerChanges} />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Blog posts"
          icon="blog"
          total={counts.posts.total}
          breakdown={[
            { label: "Published", value: counts.posts.published },
            { label: "Drafts", value: counts.posts.drafts },
          ]}
          to="/admin/blog"
          linkLabel="Manage posts"
        />
        <StatCard
          label="Form submissions"
          icon="submissions"
          total={counts.submissions.total}
          breakdown={[{ label: "New", value: counts.submissions.new, emphasis: true }]}
          to="/admin/submissions"
          linkLabel="Review submissions"
        />
        <StatCard
          label="Professionals"
          icon="professionals"
          total={counts.professionals.total}
          breakdown={[
            { label: "Verified", value: counts.professionals.verified },
            { label: "Unverified", value: counts.professionals.unverified, emphasis: true },
          ]}
          to="/admin/professionals"
          linkLabel="Manage professionals"
        />
      </div>
      <MatchingFigures stats={counts.matching} />
      <FunnelFigures funnel={counts.funnel} />
      <BillingFigures figures={counts.billing} />
    </>
  );
}

const figure = "font-serif text-3xl font-semibold tabular-nums text-ink-900";

/** How matching keeps its promise: who waits, how long a shortlist takes, and how introductions go. */
function MatchingFigures({ stats }: { stats: Route.ComponentProps["loaderData"]["matching"] }) {
  const share = stats.acceptedShare === null ? "—" : `${Math.round(stats.acceptedShare * 100)}%`;
  const median = stats.medianHoursToRelease === null ? "—" : `${stats.medianHoursToRelease.toLocaleString("en-US")} h`;
  return (
    <section aria-labelledby="matching-figures" className="mt-4 rounded-card border border-ink-100 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="matching-figures" className="flex items-center gap-2 font-sans text-sm font-medium tracking-normal text-slate-600">
          <AdminIcon name="matches" className="h-4 w-4" />
          Matching
        </h2>
        <Link to={MATCHES_PATH} className="text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900">
          Review waiting clients
        </Link>
      </div>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Clients waiting for a shortlist</dt>
          <dd className={`${figure} ${stats.waiting > 0 ? "text-gold-700" : ""}`} data-testid="matching-waiting">
            {stats.waiting.toLocaleString("en-US")}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Median time from registration to shortlist</dt>
          <dd>
            <span className={`block ${figure}`} data-testid="matching-median">
              {median}
            </span>
            <span className="block text-xs text-slate-600">
              Over {stats.released.toLocaleString("en-US")} released; we promise {PROMISE_TEXT}.
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Introductions accepted</dt>
          <dd>
            <span className={`block ${figure}`} data-testid="matching-accepted">
              {share}
            </span>
            <span className="block text-xs text-slate-600">Of {stats.answered.toLocaleString("en-US")} answered by professionals.</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
