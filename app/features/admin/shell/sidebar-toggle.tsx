import { useLocation, Form } from "react-router";
import { AdminIcon } from "./admin-icons";

/**
 * Without JavaScript this form posts to the admin layout's action, which sets the cookie and sends
 * the browser back to this page. With it, the submit is taken over and the page flips the state and
 * writes the cookie itself.
 */
export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/admin"
      onSubmit={(event) => {
        event.preventDefault();
        onToggle();
      }}
    >
      <input type="hidden" name="intent" value="sidebar" />
      <input type="hidden" name="open" value={String(!open)} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-controls="admin-sidebar"
        aria-expanded={open}
        title="Toggle sidebar (Ctrl/Cmd+B)"
        className="flex h-9 w-9 items-center justify-center rounded-md text-ink-700 hover:bg-ivory-200 hover:text-ink-900"
      >
        <AdminIcon name="panel" className="h-5 w-5" />
        <span className="sr-only">{open ? "Collapse sidebar" : "Expand sidebar"}</span>
      </button>
    </Form>
  );
}
