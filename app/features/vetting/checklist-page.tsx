import { Form, Link } from "react-router";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormAlert, TextAreaField, TextField } from "~/platform/ui/field";
import { Button, buttonClass } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icons";
import { dateTimeIn, shortDate } from "~/platform/ui/format";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { dollars } from "~/domain/plain-words";
import { MINIMUM_EXPERIENCE_YEARS, type VerificationState, type VettingItem } from "~/domain/vetting";
import { TickSchema, type TickValue } from "./checklist-schema";
import type { RegistrationView } from "./registrations.server";
import { RegisterAlerts, RegisterEvidence, type RegisterEvidenceView } from "~/features/registers/register-evidence";

type Done = { checkedAt: string; by: string | null; checkedOn: string | null; note: string | null; automatic: boolean } | null;
/** `blocked`: why the facts on file do not allow ticking it yet (the action refuses for the same reason). */
type ItemView = { item: VettingItem; label: string; hint: string; done: Done; blocked: string | null };

export type ChecklistView = {
  professional: { id: number; name: string; email: string; company: string | null };
  state: VerificationState;
  verifiedAt: string | null;
  expiresAt: string | null;
  verification: { verifiedAt: string; by: string | null; words: string } | null;
  items: ItemView[];
  missing: VettingItem[];
  registrations: RegistrationView[];
  register: RegisterEvidenceView;
  paused: boolean;
  experience: { years: number | null; range: string | null; meets: boolean };
  disclosure: { wizard: { disclosed: boolean; details: string | null } | null; disclosed: boolean; cleared: boolean; note: string | null };
  fees: { model: string | null; minimum: number | null; schedule: string | null };
  incomplete: string | null;
  today: string;
};

export type ChecklistActionData =
  | { form: "tick"; item: VettingItem; result: SubmissionResult<string[]> }
  | { form: "verify"; error: string }
  | { form: "exemption" | "alert"; result: SubmissionResult<string[]> }
  | undefined;

const STATE_TEXT: Record<VerificationState, { label: string; tone: string }> = {
  unverified: { label: "Not verified", tone: "border-warning-700/25 bg-warning-50 text-warning-700" },
  current: { label: "Verified", tone: "border-success-700/25 bg-success-50 text-success-700" },
  "renewal-due": { label: "Verified · renewal due", tone: "border-warning-700/25 bg-warning-50 text-warning-700" },
  expired: { label: "Verification expired", tone: "border-danger-700/30 bg-danger-50 text-danger-700" },
};

export function StateBadge({ state }: { state: VerificationState }) {
  const s = STATE_TEXT[state];
  return <span className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${s.tone}`}>{s.label}</span>;
}

const small = "rounded-md border border-ink-200 bg-white px-3 py-1.5 text-xs font-semibold text-ink-900 hover:bg-ivory-200";

/** What the admin looks at for one item: the facts on file beside the tick. */
/** The first message of a refused form, for the forms rendered without conform. */
const firstError = (result: SubmissionResult<string[]> | undefined) => (result?.error ? Object.values(result.error).flat().find(Boolean) : undefined) ?? undefined;

function Evidence({ item, view, actionData }: { item: VettingItem; view: ChecklistView; actionData: ChecklistActionData }) {
  if (item === "register") {
    return <RegisterEvidence view={view.register} error={actionData?.form === "exemption" ? firstError(actionData.result) : undefined} />;
  }
  if (item === "experience") {
    const stated = view.experience.range ? `${view.experience.range} years (range from the application)` : view.experience.years === null ? "Not stated" : `${view.experience.years} years`;
    return (
      <p className={`text-sm ${view.experience.meets ? "text-slate-600" : "text-danger-700"}`}>
        Stated: {stated}.{" "}
        {view.experience.meets ? `Meets the published minimum of ${MINIMUM_EXPERIENCE_YEARS} years.` : `Below the published minimum of ${MINIMUM_EXPERIENCE_YEARS} years.`}
      </p>
    );
  }
  if (item === "disciplinary") {
    const w = view.disclosure.wizard;
    return (
      <div className="space-y-1 text-sm text-slate-600">
        <p>
          In the application:{" "}
          {w === null ? "no application on file (added by an admin)." : w.disclosed ? "disciplinary action disclosed." : "no disciplinary action disclosed."}
        </p>
        {w?.details ? <blockquote className="whitespace-pre-line border-l-2 border-gold-400 pl-3 text-ink-900 [overflow-wrap:anywhere]">{w.details}</blockquote> : null}
        <p>
          On the entry: {view.disclosure.disclosed ? (view.disclosure.cleared ? "disclosed, cleared by an admin." : "disclosed, not cleared.") : "nothing disclosed."}
          {view.disclosure.note ? ` Note: ${view.disclosure.note}` : ""}
        </p>
      </div>
    );
  }
  if (item === "fees") {
    const f = view.fees;
    return (
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        Fee model: {f.model ?? "not stated"}
        {f.minimum !== null ? ` · minimum ${dollars(f.minimum)}` : ""}
        {f.schedule ? ` · schedule: ${f.schedule}` : " · no schedule written on the profile"}
      </p>
    );
  }
  return null;
}

function TickForm({ item, view, lastResult }: { item: ItemView; view: ChecklistView; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ item: string; checkedOn: string; note: string }, TickValue>({
    id: `tick-${item.item}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { item: item.item, checkedOn: view.today, note: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TickSchema }),
  });
  const pending = useIsPendingHere({ formData: { intent: "tick", item: item.item } });
  const blockedId = `tick-${item.item}-blocked`;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="tick" />
      <input type="hidden" name="item" value={item.item} />
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
      {/* Nothing to fill in while the facts do not allow the tick. */}
      {item.blocked ? null : item.item === "register" ? (
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <TextField meta={fields.checkedOn} type="date" label="Record checked on" max={view.today} />
          <TextAreaField meta={fields.note} label="What the register shows" rows={2} maxLength={500} />
        </div>
      ) : (
        <TextField meta={fields.note} label="Note (optional)" maxLength={500} />
      )}
      <Button
        type="submit"
        variant="secondary"
        className="px-4 py-2"
        disabled={pending || item.blocked !== null}
        aria-describedby={item.blocked ? blockedId : undefined}
      >
        <Icon name="check" className="h-4 w-4" />
        Mark as done
      </Button>
      {item.blocked ? (
        <p id={blockedId} className="flex items-start gap-2 text-sm text-warning-700">
          <Icon name="lock" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <span className="font-semibold">Cannot be ticked yet.</span> {item.blocked}
          </span>
        </p>
      ) : null}
    </Form>
  );
}

function ChecklistItem({ item, view, actionData }: { item: ItemView; view: ChecklistView; actionData: ChecklistActionData }) {
  const { timeZone } = useAdminTimeZone();
  const lastResult = actionData?.form === "tick" && actionData.item === item.item ? actionData.result : undefined;
  return (
    <li className="px-5 py-5 sm:px-6" aria-labelledby={`item-${item.item}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`item-${item.item}`} className="flex items-center gap-2 font-sans text-base font-semibold text-ink-900">
            <span
              aria-hidden="true"
              className={`inline-flex h-5 w-5 items-center justify-center rounded-full border ${item.done ? "border-success-700 bg-success-700 text-white" : "border-ink-300 bg-white"}`}
            >
              {item.done ? <Icon name="check" className="h-3.5 w-3.5" /> : null}
            </span>
            {item.label}
            <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
          </h3>
          <p className="mt-1 text-sm text-slate-600">{item.hint}</p>
        </div>
        {item.done && !item.done.automatic ? (
          <Form method="post">
            <input type="hidden" name="intent" value="untick" />
            <input type="hidden" name="item" value={item.item} />
            <button type="submit" className={small} aria-label={`Untick ${item.label}`}>
              Untick
            </button>
          </Form>
        ) : null}
      </div>
      <div className="mt-3">
        <Evidence item={item.item} view={view} actionData={actionData} />
      </div>
      {item.done ? (
        <p className="mt-3 rounded-md bg-success-50 px-3 py-2 text-sm text-success-700 [overflow-wrap:anywhere]" suppressHydrationWarning>
          {item.done.automatic ? "Filled from the register's public records" : `Done by ${item.done.by ?? "a former admin"} on ${dateTimeIn(item.done.checkedAt, timeZone)}`}
          {item.done.checkedOn ? ` · record checked on ${shortDate(`${item.done.checkedOn}T12:00:00Z`)}` : ""}
          {item.done.note ? ` · ${item.done.note}` : ""}
        </p>
      ) : (
        <TickForm item={item} view={view} lastResult={lastResult} />
      )}
    </li>
  );
}

export function VettingChecklist({ view, actionData }: { view: ChecklistView; actionData: ChecklistActionData }) {
  const complete = view.missing.length === 0;
  const verifyError = actionData?.form === "verify" ? actionData.error : null;
  const verifying = useIsPendingHere({ formData: { intent: "verify" } });
  const verified = view.state !== "unverified";
  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="checklist-heading" className="rounded-card border border-ink-100 bg-white">
        <div className="border-b border-ink-100 px-5 py-5 sm:px-6">
          <h2 id="checklist-heading" className="text-xl font-semibold">
            {verified ? "Checklist for the renewal" : "Checklist"}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every item must be done before verifying. Each tick and untick is recorded with your name and the time.
            {verified ? " A renewal goes through every item again." : ""}
          </p>
        </div>
        <ol className="divide-y divide-ink-100">
          {view.items.map((item) => (
            <ChecklistItem key={item.item} item={item} view={view} actionData={actionData} />
          ))}
        </ol>
      </section>
      <div className="space-y-6">
        <RegisterAlerts view={view.register} error={actionData?.form === "alert" ? firstError(actionData.result) : undefined} />
        <section aria-labelledby="verify-heading" className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="verify-heading" className="text-xl font-semibold">
              Verification
            </h2>
            <span className="flex flex-wrap gap-1.5">
              <StateBadge state={view.state} />
              {view.paused ? <span className="inline-flex items-center rounded-full border border-danger-700/30 bg-danger-50 px-2.5 py-0.5 text-xs font-semibold text-danger-700">Paused</span> : null}
            </span>
          </div>
          {view.verifiedAt && view.expiresAt ? (
            <p className="mt-2 text-sm text-slate-600">
              Verified on {shortDate(view.verifiedAt)}
              {view.verification?.by ? ` by ${view.verification.by}` : ""}; {view.state === "expired" ? "ended" : "ends"} on {shortDate(view.expiresAt)}.
              {view.verification ? ` Checked: ${view.verification.words}.` : " Verified before the checklist existed."}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Not verified: this professional is not proposed to clients.</p>
          )}
          {verifyError ? (
            <div className="mt-4">
              <FormAlert>{verifyError}</FormAlert>
            </div>
          ) : null}
          {view.incomplete ? <p className="mt-3 text-sm text-warning-700">{view.incomplete}</p> : null}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="verify" />
            <Button type="submit" disabled={!complete || verifying} aria-describedby="verify-help" className="w-full sm:w-auto">
              <Icon name="shield" className="h-4 w-4" />
              {verified ? "Renew verification" : "Verify"}
            </Button>
            <p id="verify-help" className="mt-2 text-xs text-slate-600">
              {complete ? "Every item is done. Verification lasts 12 months." : `${view.missing.length} of ${view.items.length} items still to do.`}
            </p>
          </Form>
          {verified ? (
            <Form method="post" className="mt-4 border-t border-ink-100 pt-4">
              <input type="hidden" name="intent" value="unverify" />
              <button type="submit" className={`${small} text-danger-700 hover:bg-danger-50`}>
                Unverify
              </button>
            </Form>
          ) : null}
        </section>
        <p className="text-sm">
          <Link to={`/admin/professionals/${view.professional.id}/edit`} className={buttonClass("secondary", "px-4 py-2")}>
            Edit the entry
          </Link>
        </p>
      </div>
    </div>
  );
}
