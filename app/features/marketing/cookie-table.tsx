import { SITE_COOKIES } from "./site-cookies";

/** The cookie list as a table on wide screens and stacked cards on phones. */
export function CookieTable() {
  return (
    <div className="mt-6">
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">Cookies set by WealthMatch</caption>
        <thead>
          <tr className="border-b border-ink-200 text-xs uppercase tracking-[0.12em] text-slate-600">
            <th scope="col" className="py-3 pr-4 font-semibold">Cookie</th>
            <th scope="col" className="py-3 pr-4 font-semibold">Purpose</th>
            <th scope="col" className="py-3 pr-4 font-semibold">Duration</th>
            <th scope="col" className="py-3 font-semibold">Set for</th>
          </tr>
        </thead>
        <tbody className="align-top">
          {SITE_COOKIES.map((c) => (
            <tr key={c.name} className="border-b border-ink-100">
              <th scope="row" className="py-4 pr-4 font-mono text-[0.8125rem] font-medium text-ink-900">{c.name}</th>
              <td className="py-4 pr-4 leading-relaxed text-ink-800">{c.purpose}</td>
              <td className="py-4 pr-4 leading-relaxed text-slate-600">{c.duration}</td>
              <td className="py-4 leading-relaxed text-slate-600">{c.who}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-4 md:hidden">
        {SITE_COOKIES.map((c) => (
          <li key={c.name} className="rounded-card border border-ink-100 bg-white p-5 text-sm">
            <p className="font-mono text-[0.8125rem] font-semibold text-ink-900">{c.name}</p>
            <p className="mt-2 leading-relaxed text-ink-800">{c.purpose}</p>
            <dl className="mt-3 space-y-1 text-slate-600">
              <div><dt className="inline font-medium text-ink-900">Duration: </dt><dd className="inline">{c.duration}</dd></div>
              <div><dt className="inline font-medium text-ink-900">Set for: </dt><dd className="inline">{c.who}</dd></div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
