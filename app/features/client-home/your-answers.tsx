import { Link } from "react-router";
import { PanelCard } from "~/platform/ui/panel-card";
import { buttonClass } from "~/platform/ui/button";

/** On /client-welcome: the way to keep the answers matching uses current. */
export function YourAnswers() {
  return (
    <PanelCard
      id="your-answers-heading"
      title="Your answers"
      intro="Moved, changed your goals or your idea of the right advisor? Update your answers and our team reviews a fresh shortlist for you."
    >
      <Link to="/client-welcome/answers" className={buttonClass("secondary", "mt-5 w-full")}>
        Update your answers
      </Link>
    </PanelCard>
  );
}
