import { Link } from "react-router";
import { buttonClass } from "~/platform/ui/button";

/** On /client-welcome: the way to keep the answers matching uses current. */
export function YourAnswers() {
  return (
    <section aria-labelledby="your-answers-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <h2 id="your-answers-heading" className="text-xl font-semibold">
        Your answers
      </h2>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
        Moved, changed your goals or your idea of the right advisor? Update your answers and our team reviews a fresh
        shortlist for you.
      </p>
      <Link to="/client-welcome/answers" className={buttonClass("secondary", "mt-5 w-full")}>
        Update your answers
      </Link>
    </section>
  );
}
