import { renderToStaticMarkup } from "react-dom/server";
import { errorText } from "~/platform/ui/error-texts";
import { Logo } from "~/platform/ui/logo";
import { stylesheet } from "~/platform/ui/stylesheet";
import { ErrorMessage } from "~/platform/ui/error-message";

/**
 * The site's error page for requests server.ts refuses before React Router sees them (405, 413,
 * 415, 400 for an undecodable address): the same texts and look as the root ErrorBoundary, rendered
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
          <ErrorMessage title={title} message={message} />
        </body>
      </html>,
    )
  );
}
