import { Link } from "react-router";
import type { Route } from "./+types/professional-dashboard.edit";
import { seo } from "~/platform/seo";
import { editProfileAction, editProfileLoader } from "~/features/professional-home/dashboard.server";
import { Icon } from "~/platform/ui/icons";
import { ProfessionalAvatar } from "~/features/professionals/avatar";
import { FeaturedBadge, PendingBadge, VerifiedBadge } from "~/features/professionals/badges";
import { OwnProfileForm } from "~/features/professional-home/own-profile-form";
import { EmailText } from "~/platform/ui/email-text";

export const loader = ({ request }: Route.LoaderArgs) => editProfileLoader(request);
export const action = ({ request }: Route.ActionArgs) => editProfileAction(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Edit Profile",
    description: "Update your WealthMatch professional profile: photo, title, firm, biography, fees, specialties and matching details.",
    path: "/professional-dashboard/edit",
  }),
  { name: "robots", content: "noindex" },
];

export default function EditOwnProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, previewPath } = loaderData;
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
          <Link
            to="/professional-dashboard"
            className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900"
          >
            <Icon name="arrow" className="h-4 w-4 rotate-180" />
            Professional Dashboard
          </Link>
          <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-5xl">Edit Profile</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
            Update how you present yourself to clients. Your profile changes as soon as you save
            {profile.verified ? "; changes to your matching details are reviewed by our team first." : "."}
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 sm:py-14 lg:grid-cols-12">
        <div className="lg:col-span-8">
          <OwnProfileForm profile={profile} lastResult={actionData} />
        </div>
        <aside className="lg:col-span-4">
          <div className="rounded-card border border-ink-100 bg-white p-6 lg:sticky lg:top-24">
            <div className="flex items-center gap-4">
              <ProfessionalAvatar name={profile.name} src={profile.profileImage} size="md" />
              <div className="min-w-0">
                <p className="font-serif text-lg font-semibold text-ink-900 [overflow-wrap:anywhere]">{profile.name}</p>
                {profile.company ? <p className="text-sm text-slate-600">{profile.company}</p> : null}
              </div>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              {profile.verified ? <VerifiedBadge /> : <PendingBadge />}
              {profile.featured ? <FeaturedBadge /> : null}
            </div>
            <p className="mt-3 break-words text-sm text-slate-600"><EmailText address={profile.email} /></p>
            <Link
              to={previewPath}
              className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-md border border-ink-900 px-4 py-2.5 text-sm font-semibold text-ink-900 hover:bg-ink-900 hover:text-white"
            >
              Preview as a client sees it
              <Icon name="arrow" className="h-4 w-4" />
            </Link>
            <p className="mt-2 text-xs leading-relaxed text-slate-600">Shows your saved profile; save your changes first.</p>
            <p className="mt-5 border-t border-ink-100 pt-5 text-sm leading-relaxed text-slate-600">
              Your name and email are changed in your{" "}
              <Link to="/account" className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4">
                account settings
              </Link>
              ; verification is managed by our team.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
