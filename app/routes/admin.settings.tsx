import type { Route } from "./+types/admin.settings";
import { settingsAction, settingsLoader } from "~/features/admin/settings/settings.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { SettingsForm } from "~/features/admin/settings/settings-form";

export const loader = (args: Route.LoaderArgs) => settingsLoader(args);
export const action = (args: Route.ActionArgs) => settingsAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Settings" description="Contact details, support hours and the marketing figures. Public pages show a change at once." />
      <div className="mt-6 max-w-4xl">
        <SettingsForm settings={loaderData.settings} live={loaderData.live} lastResult={actionData} />
      </div>
    </>
  );
}
