import { Link } from "react-router";
import { isFictionalPhone } from "~/domain/phone-numbers";
import { useSiteSettings } from "~/platform/ui/use-site-settings";

/**
 * The admin dashboard's note while the public contact or support number is still a fictional one (a fresh
 * install's 555-01xx defaults): visitors would call a number nobody answers. Nothing once both are real.
 */
export function PhoneWarning() {
  const settings = useSiteSettings();
  const fictional = [
    { label: "The contact number on the public pages", phone: settings.contact.phone },
    { label: "The support number members see", phone: settings.support.phone },
  ].filter((n) => isFictionalPhone(n.phone));
  if (!fictional.length) return null;
  return (
    <section
      aria-labelledby="phone-warning-heading"
      data-testid="phone-warning"
      className="mt-6 rounded-card border border-warning-700/25 bg-warning-50 px-5 py-4 text-sm text-ink-900"
    >
      <h2 id="phone-warning-heading" className="font-sans text-sm font-semibold text-warning-700">
        Set the firm&apos;s real phone numbers
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 marker:text-warning-700">
        {fictional.map((n) => (
          <li key={n.label}>
            {n.label}, {n.phone}, is a fictional example number (555-0100 to 555-0199): nobody answers it.
          </li>
        ))}
      </ul>
      <Link
        to="/admin/settings#contact-heading"
        className="mt-3 inline-block font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
      >
        Set the phone numbers
      </Link>
    </section>
  );
}
