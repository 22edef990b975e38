import { CheckboxField, type FieldMeta } from "~/platform/ui/field";
import { ProfessionalAvatar } from "./avatar";

/**
 * The photo of a professional's form (the admin's and their own): the current one, a file to replace it
 * and 'Remove photo'. The file is checked by the action alone (its bytes), so its errors come from there.
 */
export function ProfilePhotoField({
  name,
  current,
  errors,
  remove,
  label = "Profile image",
}: {
  /** Whose photo, for the placeholder's initials and the image's text. */
  name: string | null;
  current: string | null;
  errors: string[] | undefined;
  remove: FieldMeta;
  label?: string;
}) {
  return (
    <div className="flex items-start gap-4">
      {name !== null ? <ProfessionalAvatar name={name} src={current} size="lg" /> : null}
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor="profileImage" className="block text-sm font-medium text-ink-900">
          {label}
        </label>
        <input
          id="profileImage"
          name="profileImage"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-describedby={errors ? "profileImage-hint profileImage-error" : "profileImage-hint"}
          aria-invalid={errors ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-ink-900 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
        />
        <p id="profileImage-hint" className="text-sm text-slate-600">
          JPEG, PNG, GIF or WebP, less than 5MB.{current ? " Choosing a file replaces the current image." : ""}
        </p>
        {errors ? (
          <p id="profileImage-error" role="alert" className="text-sm font-medium text-red-700">
            {errors.join(" ")}
          </p>
        ) : null}
        {current ? <CheckboxField meta={remove} label="Remove image" /> : null}
      </div>
    </div>
  );
}
