import type { Route } from "./+types/admin.security";
import { securityAction, securityLoader } from "~/features/admin/security/security.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { RecoveryCodes, TwoFactorEnrol, TwoFactorOff, TwoFactorOn, type TwoFactorScope } from "~/features/auth/two-factor-panels";

const SCOPE: TwoFactorScope = { signIn: "the admin area", path: "/admin/security" };

export const loader = (args: Route.LoaderArgs) => securityLoader(args);
export const action = (args: Route.ActionArgs) => securityAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Security");

/** The admin's own sign-in security: two-factor authentication (docs/decisions/024). */
export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { state, required } = loaderData;
  const shown = actionData?.shown ?? null;
  const intent = actionData?.intent ?? null;
  const reply = actionData?.reply;
  return (
    <>
      <AdminPageHeader title="Security" description="How you sign in to the admin area." />
      <div className="mt-6 max-w-3xl space-y-6">
        {required && state.status !== "on" ? (
          <div role="status" className="rounded-md border border-warning-700/30 bg-warning-50 px-4 py-3 text-sm text-warning-700">
            <p className="font-semibold">Two-factor authentication is required</p>
            <p className="mt-0.5">Every admin account must use it. Set it up to continue to the rest of the admin area.</p>
          </div>
        ) : null}
        {shown ? <RecoveryCodes codes={shown.recoveryCodes} reason={shown.reason} scope={SCOPE} /> : null}
        {state.status === "off" ? <TwoFactorOff scope={SCOPE} /> : null}
        {state.status === "enrolling" ? (
          <TwoFactorEnrol qrSvg={state.qrSvg} secretKey={state.key} lastResult={intent === "confirm" ? reply : undefined} />
        ) : null}
        {state.status === "on" && !shown ? (
          <TwoFactorOn scope={SCOPE} since={state.since} recoveryCodesLeft={state.recoveryCodesLeft} intent={intent} lastResult={reply} />
        ) : null}
      </div>
    </>
  );
}
