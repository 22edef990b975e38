import { Link } from "react-router";
import { AdminPageHeader } from "./admin-page-header";

/** An admin section whose screens are not built yet: an honest note instead of a 404. */
export function SectionPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <AdminPageHeader title={title} description={description} />
      <div className="mt-6 rounded-card border border-dashed border-ink-200 bg-white px-6 py-8">
        <p className="text-sm text-ink-800">This section is being built and will be available here soon.</p>
        <Link
          to="/admin"
          className="mt-3 inline-block text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
        >
          Back to the dashboard
        </Link>
      </div>
    </>
  );
}
