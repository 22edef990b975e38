import type { RegisterLine } from "./standing.server";

const link = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

/**
 * One registration as a client reads it: the register, the number, when and how it was checked, any
 * disclosure in plain words, and a link to the public record.
 */
export function RegisterLineView({ line, compact = false }: { line: RegisterLine; compact?: boolean }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-semibold text-ink-900">
        {line.registerName} <span className="font-mono font-normal [overflow-wrap:anywhere]">{line.number}</span>
      </p>
      <p className="mt-0.5 text-slate-600">
        {line.checked ? `${line.checked}.` : "Not checked yet."}{" "}
        <a href={line.href} target="_blank" rel="noopener noreferrer" className={link}>
          {line.direct ? "See the public record" : "Search the register"}
          <span className="sr-only"> for {line.number} (opens in a new tab)</span>
        </a>
      </p>
      {line.lapsed ? <p className="mt-1 text-warning-700">The register shows no current registration.</p> : null}
      {line.disclosures.length ? (
        <p className="mt-1 text-ink-900">
          <span className="font-semibold">Disclosures on the public record:</span> {line.disclosures.join("; ")}.
          {compact ? null : " The record itself gives the details and dates."}
        </p>
      ) : line.checked && !compact ? (
        <p className="mt-1 text-slate-600">No disclosures on the public record.</p>
      ) : null}
    </div>
  );
}

/** What changed in a register's record and what our team decided, as the client's card and profile say it. */
export function RegisterUpdate({ update }: { update: string }) {
  return (
    <p role="note" className="rounded-md border border-warning-700/25 bg-warning-50 px-3 py-2 text-sm text-ink-900">
      <span className="font-semibold">Register update:</span> {update}
    </p>
  );
}

/** Why no registration applies, in the admin's words: what "Verified" rests on when there is none. */
export function RegisterExemption({ reason }: { reason: string }) {
  return (
    <p className="text-sm text-slate-600">
      <span className="font-semibold text-ink-900">No regulator registration applies:</span> {reason} (recorded by WealthMatch)
    </p>
  );
}
