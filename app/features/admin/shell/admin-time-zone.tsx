import { useRouteLoaderData, Link } from "react-router";

/** What the admin layout's loader says about the admin's clock (app/features/admin/shell/layout.server.ts). */
type AdminClock = { timeZone: string; timeZoneChosen: boolean };

/**
 * The zone an admin reads every time in: their profile's (set on /account), else UTC. The admin layout's
 * loader reads it with the session, so the server's page and the browser's agree on every time shown.
 */
export function useAdminTimeZone(): AdminClock {
  // The layout route is above the admin pages: its loader's type is named here rather than imported.
  const layout = useRouteLoaderData("routes/admin") as AdminClock | undefined;
  return { timeZone: layout?.timeZone ?? "UTC", timeZoneChosen: layout?.timeZoneChosen ?? false };
}

/** "Times in Europe/Berlin", a link to where the admin changes it (or "Times in UTC. Set your time zone"). */
export function AdminTimeZoneLink({ className }: { className: string }) {
  const { timeZone, timeZoneChosen } = useAdminTimeZone();
  return (
    <Link to="/account#time-zone" className={className} data-testid="admin-time-zone">
      {timeZoneChosen ? `Times in ${timeZone.replace(/_/g, " ")}` : "Times in UTC. Set your time zone"}
    </Link>
  );
}
