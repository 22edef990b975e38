import { Link } from "react-router";
import { buttonClass } from "~/platform/ui/button";
import { AdminIcon } from "~/features/admin/shell/admin-icons";

/** A page header's "+ New …" button: the way to the form that creates a post or a professional. */
export function AddLink({ to, label, variant = "primary" }: { to: string; label: string; variant?: "primary" | "secondary" }) {
  return (
    <Link to={to} className={buttonClass(variant, "px-4 py-2")}>
      <AdminIcon name="plus" className="h-4 w-4" />
      {label}
    </Link>
  );
}
