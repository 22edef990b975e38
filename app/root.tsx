import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { fontPreloads } from "./fonts/preloads";
import { stylesheet } from "./platform/ui/stylesheet";
import { useNonce } from "~/platform/http/nonce";
import { settingsForPages } from "~/features/marketing/figures.server";
import { getToast } from "~/platform/http/toast.server";
import { siteUrl } from "~/platform/site-url.server";
import { getUser } from "~/features/auth/session.server";
import { landingFor } from "~/domain/roles";
import { SiteHeader, type HeaderUser } from "~/features/site/site-header";
import { SiteFooter } from "~/features/site/site-footer";
import { MemberHeader } from "~/features/site/member-header";
import { isPublicPath, isPublicRoute, memberKindOf, openedIntroduction, type MemberNav } from "~/features/site/member-nav";
import { unreadMessageCount } from "~/features/introductions/member-messages.data.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { Flash } from "~/platform/ui/flash-message";
import { rendersOwnFrame } from "~/platform/ui/page-frame";
import { errorText } from "~/platform/ui/error-texts";
import { ErrorMessage } from "~/platform/ui/error-message";

export const links: Route.LinksFunction = () => fontPreloads;

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  const user = await getUser(request);
  // A member's own pages carry the member nav and its unread count: one indexed count, only there.
  const kind = user ? memberKindOf(user.role) : null;
  // The conversation this page opens is read by its own loader: not counted as waiting.
  const path = pageUrl(request).pathname;
  const member: MemberNav | null =
    user && kind && !isPublicPath(path) ? { kind, unread: await unreadMessageCount(user, { opening: openedIntroduction(path) }) } : null;
  return data(
    {
      settings: await settingsForPages(),
      toast,
      siteUrl: siteUrl(request),
      user: user ? { email: user.email, fullName: user.fullName, role: user.role, home: landingFor(user.role) } : null,
      member,
    },
    { headers: headers ?? undefined },
  );
}

/**
 * The root's data holds the member nav's unread count, so a member's page reads it afresh on every
 * navigation to a member page (React Router would otherwise keep the root's data while only the path
 * changes). Public pages keep the default: a visitor's navigation asks for no more than before.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || !isPublicPath(nextUrl.pathname);

/** The member's header on a member's page; the marketing header on the public pages and for visitors. */
function Header({ rootData, routeIds }: { rootData: { user: HeaderUser; member: MemberNav | null } | undefined; routeIds: string[] }) {
  if (rootData?.member && !isPublicRoute(routeIds)) return <MemberHeader nav={rootData.member} />;
  return <SiteHeader user={rootData?.user ?? null} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d1a2d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  if (matches.some((m) => rendersOwnFrame(m.handle))) return <Outlet />;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-ivory-50"
      >
        Skip to content
      </a>
      <Header rootData={loaderData} routeIds={matches.map((m) => m.id)} />
      <Flash toast={loaderData.toast} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={loaderData.settings} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: unknown } | null)?.reason : undefined;
  const { title, message } = errorText(status, reason);
  return (
    <>
      <title>{`${title} | WealthMatch`}</title>
      <Header rootData={rootData} routeIds={matches.map((m) => m.id)} />
      <ErrorMessage title={title} message={message} />
      {rootData ? <SiteFooter settings={rootData.settings} /> : null}
    </>
  );
}
