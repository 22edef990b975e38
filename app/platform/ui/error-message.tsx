/**
 * The body of an error page: rendered by the app's error boundary and by the plain refusal page the server
 * sends before the app runs, so that both look the same to a visitor.
 */
export function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <main id="main" className="flex-1">
      <section className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h1 className="text-5xl font-semibold">{title}</h1>
        <p className="mt-4 text-lg text-slate-600">{message}</p>
        <a href="/" className="mt-8 inline-block rounded-md bg-ink-900 px-6 py-3 text-ivory-50 hover:bg-ink-800">
          Return to Home
        </a>
      </section>
    </main>
  );
}
