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
import { SiteHeader } from "~/features/site/site-header";
import { SiteFooter } from "~/features/site/site-footer";
import { Flash } from "~/platform/ui/flash-message";
import { drawsOwnFrame } from "~/platform/ui/page-frame";
import { errorText } from "~/platform/ui/error-texts";
import { ErrorMessage } from "~/platform/ui/error-message";

export const links: Route.LinksFunction = () => fontPreloads;

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  const user = await getUser(request);
  return data(
    {
      settings: await settingsForPages(),
      toast,
      siteUrl: siteUrl(request),
      user: user ? { email: user.email, fullName: user.fullName, role: user.role, home: landingFor(user.role) } : null,
    },
    { headers: headers ?? undefined },
  );
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
  if (matches.some((m) => drawsOwnFrame(m.handle))) return <Outlet />;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-ivory-50"
      >
        Skip to content
      </a>
      <SiteHeader user={loaderData.user} />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: unknown } | null)?.reason : undefined;
  const { title, message } = errorText(status, reason);
  return (
    <>
      <title>{`${title} | WealthMatch`}</title>
      <SiteHeader user={rootData?.user ?? null} />
      <ErrorMessage title={title} message={message} />
      {rootData ? <SiteFooter settings={rootData.settings} /> : null}
    </>
  );
}
