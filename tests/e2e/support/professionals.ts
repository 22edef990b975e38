import crypto from "node:crypto";
import sharp from "sharp";
import { testDb } from "./db";
import { uniqueEmail } from "./users";

/** A professional's entry as a spec wants it; anything left out is the complete, verified default below. */
export type ProfessionalFields = {
  name: string;
  title?: string | null;
  company?: string | null;
  location?: string | null;
  /** An /uploads/ URL (storePhoto) or null: no photo. */
  profileImage?: string | null;
  certifications?: string[];
  feeModel?: "fee-only" | "fee-based" | "commission" | null;
  feeMinimum?: number | null;
  languages?: string[];
  services?: string[];
  aumRange?: string;
  clientProfiles?: string[];
  communication?: string[];
  countriesServed?: string[];
  experienceYears?: number;
  /** Why no register applies: what "Verified" rests on when no registration was checked. */
  registerExemption?: string | null;
};

/**
 * A verified entry with complete matching data, written straight into the e2e database (SQLite) as an
 * admin's form would leave it. Returns its id.
 */
export function createProfessional(f: ProfessionalFields): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, location, profile_image, verified, verified_at, experience_years, certifications,
        services, aum_range, client_profiles, communication, countries_served, fee_model, fee_minimum, languages, register_exemption)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      f.name,
      f.title === undefined ? "Senior Advisor" : f.title,
      f.company === undefined ? `${f.name} Partners` : f.company,
      uniqueEmail("pro"),
      f.location ?? null,
      f.profileImage ?? null,
      Date.now() - 86_400_000,
      f.experienceYears ?? 12,
      JSON.stringify(f.certifications ?? []),
      JSON.stringify(f.services ?? ["Investment Management"]),
      f.aumRange ?? "50-100M",
      JSON.stringify(f.clientProfiles ?? ["HNWI", "UHNWI"]),
      JSON.stringify(f.communication ?? ["video", "email"]),
      JSON.stringify(f.countriesServed ?? ["CH"]),
      f.feeModel === undefined ? "fee-only" : f.feeModel,
      f.feeMinimum ?? null,
      JSON.stringify(f.languages ?? ["English"]),
      f.registerExemption === undefined ? "Advises under a Swiss bar admission; no financial register applies." : f.registerExemption,
    ) as { id: number };
  return row.id;
}

/** A small WebP portrait stored as the upload pipeline stores one; returns its /uploads/ URL. */
export async function storePhoto(rgb: { r: number; g: number; b: number } = { r: 120, g: 98, b: 70 }): Promise<string> {
  const bytes = await sharp({ create: { width: 160, height: 160, channels: 3, background: rgb } }).webp().toBuffer();
  const name = `blog-e2ecards-${crypto.randomBytes(8).toString("hex")}-160.webp`;
  testDb().prepare("INSERT INTO stored_files (name, content_type, bytes) VALUES (?, 'image/webp', ?)").run(name, bytes);
  return `/uploads/${name}`;
}
