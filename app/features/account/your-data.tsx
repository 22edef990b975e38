import { PanelCard } from "~/platform/ui/panel-card";
const linkClass =
  "font-medium text-ink-900 underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500";

/** The export and the deletion (and, from a home page, the settings that hold them too). */
export function DataLinks({ className = "", settings = false }: { className?: string; settings?: boolean }) {
  return (
    <ul className={`space-y-3 text-[0.9375rem] ${className}`}>
      {settings ? (
        <li>
          <a href="/account" className={linkClass}>
            Account settings
          </a>
        </li>
      ) : null}
      <li>
        <a href="/account/data.json" download className={linkClass}>
          Download my data
        </a>
      </li>
      <li>
        <a href="/account/delete" className={linkClass}>
          Delete my account
        </a>
      </li>
    </ul>
  );
}

/** 'Your data' on a member's home: the export, the deletion, and the way to the account settings (which hold both too). */
export function YourData() {
  return (
    <PanelCard
      id="your-data-heading"
      title="Your data"
      intro="Everything we hold about you, as one file you can keep, and your account, whenever you want it gone. Your name, email address, password and sign-in security are in your account settings."
    >
      <DataLinks className="mt-5" settings />
    </PanelCard>
  );
}
