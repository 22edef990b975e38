import { Form, Link } from "react-router";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ConfirmEnrolmentSchema, DisableTwoFactorSchema, RegenerateCodesSchema, type SecurityIntent } from "./two-factor-schema";
import { shortDate } from "~/platform/ui/format";
import { PasswordField } from "~/platform/ui/password-field";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { TwoFactorCodeField } from "./two-factor-code-field";

type Reply = SubmissionResult<string[]> | null | undefined;

/**
 * Where the panels stand: an admin's /admin/security or a member's /account. `signIn` names what the
 * second factor guards ("the admin area", "WealthMatch"); `path` is the page the panels live on.
 */
export type TwoFactorScope = { signIn: string; path: string };

function Panel({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-sans text-base font-semibold text-ink-900">{title}</h2>
        {badge}
      </div>
      <div className="mt-3 text-sm leading-relaxed text-slate-600">{children}</div>
    </section>
  );
}

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? "bg-success-50 text-success-700" : "bg-ivory-200 text-ink-700"}`}
    >
      {on ? "On" : "Off"}
    </span>
  );
}

function useBusy(intent: SecurityIntent) {
  return useIsPendingHere({ formData: { intent } });
}

function IntentButton({ intent, children, variant = "primary" }: { intent: SecurityIntent; children: string; variant?: "primary" | "secondary" }) {
  const busy = useBusy(intent);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy} aria-disabled={busy || undefined}>
        {children}
      </Button>
    </Form>
  );
}

export function TwoFactorOff({ scope }: { scope: TwoFactorScope }) {
  return (
    <Panel title="Two-factor authentication" badge={<StatusBadge on={false} />}>
      <p>
        With two-factor authentication, signing in to {scope.signIn} takes your password and a 6-digit code from an
        authenticator app on your phone (such as 1Password, Google Authenticator or Microsoft Authenticator). Someone who
        learns your password still cannot get in.
      </p>
      <div className="mt-5">
        <IntentButton intent="start">Set up two-factor</IntentButton>
      </div>
    </Panel>
  );
}

/** Scan (or type the key), then prove it with a code. */
export function TwoFactorEnrol({ qrSvg, secretKey, lastResult }: { qrSvg: string; secretKey: string; lastResult: Reply }) {
  const busy = useBusy("confirm");
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmEnrolmentSchema }),
  });
  return (
    <Panel title="Set up two-factor authentication" badge={<StatusBadge on={false} />}>
      <ol className="space-y-6">
        <li>
          <p className="font-medium text-ink-900">1. Scan this QR code with your authenticator app</p>
          <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-start">
            {/* Rendered on the server by the qrcode library from our own otpauth:// URI: no script needed. */}
            <div
              role="img"
              aria-label="QR code of your two-factor key"
              className="h-48 w-48 shrink-0 rounded-md border border-ink-100 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
            <div className="min-w-0">
              <p>Can&apos;t scan it? Choose &lsquo;enter a setup key&rsquo; in the app and type this key (time-based, 6 digits):</p>
              <p className="mt-2 break-words rounded-md bg-ivory-100 px-3 py-2 font-mono text-base tracking-wider text-ink-900" data-testid="two-factor-key">
                {secretKey}
              </p>
            </div>
          </div>
        </li>
        <li>
          <p className="font-medium text-ink-900">2. Enter the code the app shows</p>
          <Form method="post" {...getFormProps(form)} noValidate className="mt-3 max-w-sm space-y-4">
            <input type="hidden" name="intent" value="confirm" />
            <TwoFactorCodeField
              id="enrol-code"
              label="6-digit code"
              hint="The code changes every 30 seconds; enter the one shown now."
              meta={fields.code}
            />
            <Button type="submit" disabled={busy} aria-disabled={busy || undefined}>
              {busy ? "Verifying..." : "Turn on two-factor"}
            </Button>
          </Form>
        </li>
      </ol>
      <div className="mt-6 border-t border-ink-100 pt-4">
        <IntentButton intent="cancel" variant="secondary">
          Cancel set-up
        </IntentButton>
      </div>
    </Panel>
  );
}

/** The codes as a text file: one a line, under a line that says what they are. */
export function recoveryCodesText(codes: string[]): string {
  return ["WealthMatch two-factor recovery codes", "Each code signs you in once in place of a code from your app.", "", ...codes, ""].join("\n");
}

/**
 * Download (a data: link, so it works without JavaScript and serves the codes only in this one answer, never
 * from an address that could be opened later) and, with JavaScript, Copy.
 */
function SaveRecoveryCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = recoveryCodesText(codes);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="wealthmatch-recovery-codes.txt" className={buttonClass("secondary")}>
        Download as a text file
      </a>
      {hydrated ? (
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            );
          }}
        >
          Copy codes
        </button>
      ) : null}
      <p role="status" className="text-sm text-slate-600">
        {copied === "yes" ? "Copied." : copied === "failed" ? "Could not copy: select the codes or download them." : ""}
      </p>
    </div>
  );
}

/** Shown once, in the answer to the form that made them. */
export function RecoveryCodes({ codes, reason, scope }: { codes: string[]; reason: "enrolled" | "regenerated"; scope: TwoFactorScope }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="rounded-card border border-gold-400 bg-ivory-50 p-5 sm:p-6">
      <h2 id="recovery-codes-heading" className="font-sans text-base font-semibold text-ink-900">
        {reason === "enrolled" ? "Two-factor is on. Save your recovery codes" : "Your new recovery codes"}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them somewhere safe,
        such as a password manager. <strong className="font-semibold text-ink-900">They are shown only now.</strong>
        {reason === "regenerated" ? " Your previous codes no longer work." : null}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 rounded-md border border-ink-100 bg-white p-4 font-mono text-base text-ink-900 sm:max-w-md" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <SaveRecoveryCodes codes={codes} />
      <Link to={scope.path} className={buttonClass("primary", "mt-5")}>
        I have saved them
      </Link>
    </section>
  );
}

export function TwoFactorOn({
  since,
  recoveryCodesLeft,
  intent,
  lastResult,
  scope,
}: {
  scope: TwoFactorScope;
  since: string;
  recoveryCodesLeft: number;
  intent: SecurityIntent | null;
  lastResult: Reply;
}) {
  const regenerating = useBusy("regenerate");
  const disabling = useBusy("disable");
  const [regenerateForm, regenerateFields] = useForm({
    id: "two-factor-regenerate",
    lastResult: intent === "regenerate" ? lastResult : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegenerateCodesSchema }),
  });
  const [disableForm, disableFields] = useForm({
    id: "two-factor-disable",
    lastResult: intent === "disable" ? lastResult : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisableTwoFactorSchema }),
  });
  return (
    <>
      <Panel title="Two-factor authentication" badge={<StatusBadge on />}>
        <p>
          On since {shortDate(since)}. Signing in to {scope.signIn} asks for a code from your authenticator app after your
          password.
        </p>
        <p className="mt-2">
          <span className="font-medium text-ink-900">{recoveryCodesLeft} of 10</span> recovery codes left.
        </p>
      </Panel>
      <Panel title="New recovery codes">
        <p>Ten new codes replace all the old ones, used or not. Enter a current code from your app to confirm it is you.</p>
        <Form method="post" {...getFormProps(regenerateForm)} noValidate className="mt-4 max-w-sm space-y-4">
          <input type="hidden" name="intent" value="regenerate" />
          <TwoFactorCodeField meta={regenerateFields.code} id="regenerate-code" label="6-digit code" hint="From your authenticator app." />
          <Button type="submit" variant="secondary" disabled={regenerating} aria-disabled={regenerating || undefined}>
            {regenerating ? "Generating..." : "Generate new codes"}
          </Button>
        </Form>
      </Panel>
      <Panel title="Turn off two-factor">
        <p>Your password and a current code (or a recovery code) are needed. Afterwards, your password alone signs you in.</p>
        <Form method="post" {...getFormProps(disableForm)} noValidate className="mt-4 max-w-sm space-y-4">
          {disableForm.errors?.length ? <FormAlert id={disableForm.errorId}>{disableForm.errors.join(" ")}</FormAlert> : null}
          <input type="hidden" name="intent" value="disable" />
          <PasswordField meta={disableFields.password} label="Password" toggleLabel="password" autoComplete="current-password" />
          <TwoFactorCodeField meta={disableFields.code} id="disable-code" recovery />
          <Button type="submit" variant="danger" disabled={disabling} aria-disabled={disabling || undefined}>
            {disabling ? "Turning off..." : "Turn off two-factor"}
          </Button>
        </Form>
      </Panel>
    </>
  );
}
