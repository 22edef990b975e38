import { renderToStaticMarkup } from "react-dom/server";
import { errorText } from "~/platform/ui/error-texts";
import { Logo } from "~/platform/ui/logo";
import { stylesheet } from "~/platform/ui/stylesheet";

/**
 * The site's error page for requests server.ts refuses before React Router sees them (405, 413,
 * 415, 400 for an undecodable address): the same texts and look as the root ErrorBoundary, drawn
 * without running any loader, so nothing is read or written. No scripts.
 */
export function refusalPage(status: number): string {
  const { title, message } = errorText(status);
  return (
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#0d1a2d" />
          <meta name="robots" content="noindex" />
          <title>{`${title} | WealthMatch`}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="stylesheet" href={stylesheet} />
        </head>
        <body className="min-h-screen flex flex-col">
          <header className="border-b border-ink-100 bg-ivory-50/95">
            <div className="mx-auto flex h-16 max-w-6xl items-center px-6">
              <a href="/" className="flex items-center gap-2" aria-label="WealthMatch home">
                <Logo />
              </a>
            </div>
          </header>
          <main id="main" className="flex-1">
            <section className="mx-auto max-w-2xl px-6 py-24 text-center">
              <h1 className="text-5xl font-semibold">{title}</h1>
              <p className="mt-4 text-lg text-slate-600">{message}</p>
              <a href="/" className="mt-8 inline-block rounded-md bg-ink-900 px-6 py-3 text-ivory-50 hover:bg-ink-800">
                Return to Home
              </a>
            </section>
          </main>
        </body>
      </html>,
    )
  );
}
