import { Link } from "react-router";
import { Button, buttonClass } from "~/platform/ui/button";

/**
 * The last row of a long form in a card: Cancel (a link back, so it needs no JavaScript) and the
 * submit button, which says what is happening and stays pressed while the form is sent.
 */
export function FormActions({
  cancelTo,
  label,
  saving,
  compact = false,
}: {
  cancelTo: string;
  label: string;
  saving: boolean;
  /** The admin's narrower cards. */
  compact?: boolean;
}) {
  return (
    <div className={`flex flex-col-reverse gap-3 px-5 py-5 sm:flex-row sm:items-center sm:justify-end ${compact ? "sm:px-6" : "sm:px-8"}`}>
      <Link to={cancelTo} className={buttonClass("secondary", compact ? "sm:min-w-28" : "sm:min-w-32")}>
        Cancel
      </Link>
      <Button type="submit" className="sm:min-w-40" disabled={saving} aria-disabled={saving || undefined}>
        {saving ? "Saving..." : label}
      </Button>
    </div>
  );
}
