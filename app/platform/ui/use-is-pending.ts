import { useFormAction, useLocation, useNavigation } from "react-router";

export type PendingOptions = {
  /**
   * The address the form posts to. Only its path counts, so "/login?redirectTo=..." and
   * "/contact#send-message" match "/login" and "/contact"; `null` accepts any address
   * (useIsPendingHere: the route's own).
   */
  formAction?: string | null;
  /** "POST" unless said otherwise; `null` accepts any method. */
  formMethod?: "POST" | "GET" | null;
  /** "submitting": only while the form is on its way; "non-idle" (the default) also while the page after it loads. */
  state?: "submitting" | "non-idle";
  /** Values the sent form must hold, e.g. `{ intent: "delete" }` when one form has several buttons. */
  formData?: Record<string, string>;
};

/** What a navigation and a fetcher both tell about the form they send. */
type Submission = { state: string; formMethod?: string; formAction?: string; formData?: FormData };

const pathOf = (address: string) => address.split(/[?#]/, 1)[0];

/** Whether a navigation or a fetcher is sending the form `options` describes. */
export function isPending(submission: Submission, { formAction = null, formMethod = "POST", state = "non-idle", formData }: PendingOptions = {}) {
  if (state === "submitting" ? submission.state !== "submitting" : submission.state === "idle") return false;
  if (formMethod !== null && submission.formMethod?.toUpperCase() !== formMethod) return false;
  if (formAction !== null && (submission.formAction === undefined || pathOf(submission.formAction) !== pathOf(formAction))) return false;
  for (const [name, value] of Object.entries(formData ?? {})) if (submission.formData?.get(name) !== value) return false;
  return true;
}

/**
 * Whether the page is sending the form `options` describes: a button reads 'Saving...' and stays pressed
 * only for its own form, not while another form on the page (or the header's sign-out) is sent. With
 * `formAction` given (an address, or null for any) only the navigation is read: resolving the route's
 * own address costs a few microseconds a button, and a shortlist card has several.
 */
export function useIsPending(options: PendingOptions & { formAction: string | null }): boolean {
  return isPending(useNavigation(), options);
}

/** useIsPending for a form that posts to this route's own address (a `<Form>` without `action`). */
export function useIsPendingHere(options: Omit<PendingOptions, "formAction"> = {}): boolean {
  const navigation = useNavigation();
  const ownAction = useFormAction();
  return isPending(navigation, { ...options, formAction: ownAction });
}

/**
 * While a link moves to another page or filter of the list at `pathname` (the query changes, the
 * path stays), the query being loaded; otherwise null. Lists show skeletons and light the chosen
 * filter at once; the server never renders that state.
 */
export function usePendingQuery(pathname: string): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname && navigation.location.search !== location.search
    ? navigation.location.search
    : null;
}
