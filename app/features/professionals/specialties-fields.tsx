import { TextField, type FieldMeta } from "~/platform/ui/field";
import { OWN_PROFILE_LIMITS } from "./own-profile-schema";

/**
 * A professional's specialties: their own areas of focus as short tags typed in one comma-separated text
 * (own profile and admin forms). The services offered, which matching reads, are asked apart.
 */
export function SpecialtiesField({ meta, you = false }: { meta: FieldMeta; you?: boolean }) {
  return (
    <TextField
      meta={meta}
      label="Specialties"
      autoComplete="off"
      maxLength={OWN_PROFILE_LIMITS.specialtiesText}
      hint={`${you ? "Separated" : "Their own areas of focus, separated"} by commas, for example: cross-border tax, founder liquidity. Up to ${OWN_PROFILE_LIMITS.specialties}, each ${OWN_PROFILE_LIMITS.specialtyMin} to ${OWN_PROFILE_LIMITS.specialty} characters.`}
    />
  );
}
