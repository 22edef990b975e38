import { z } from "zod";

const Stat = z.object({
  value: z.string().trim().min(1, "Value is required").max(20),
  label: z.string().trim().min(1, "Label is required").max(60),
});

export const SiteSettingsSchema = z.object({
  /** The home page strip (spec §1, first set). */
  homeStats: z.array(Stat).min(1).max(8),
  /** The figures other marketing pages quote (spec §1, second set). */
  marketingStats: z.object({
    vettedProfessionals: Stat,
    matches: Stat,
    assets: Stat,
    satisfaction: Stat,
    longTermRelationships: Stat,
    renewal: Stat,
    activeClients: Stat,
    averageClientAum: Stat,
  }),
  contact: z.object({
    email: z.email("Please enter a valid email address"),
    phone: z.string().trim().min(3).max(40),
    city: z.string().trim().min(2).max(80),
  }),
  support: z.object({
    email: z.email("Please enter a valid email address"),
    phone: z.string().trim().min(3).max(40),
  }),
  supportHours: z.object({
    weekdays: z.string().trim().min(1).max(60),
    saturday: z.string().trim().min(1).max(60),
    sunday: z.string().trim().min(1).max(60),
  }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  homeStats: [
    { value: "500+", label: "Vetted Professionals" },
    { value: "$50B+", label: "Assets Under Management" },
    { value: "1000+", label: "Successful Matches" },
    { value: "99%", label: "Client Satisfaction" },
  ],
  marketingStats: {
    vettedProfessionals: { value: "500+", label: "Vetted Professionals" },
    matches: { value: "1000+", label: "Successful Matches" },
    assets: { value: "$2B+", label: "Assets Matched" },
    satisfaction: { value: "98%", label: "Client Satisfaction" },
    longTermRelationships: { value: "85%", label: "Long-term Relationships" },
    renewal: { value: "95%", label: "Professional Renewal Rate" },
    activeClients: { value: "2,000+", label: "Active Clients" },
    averageClientAum: { value: "$2.5M", label: "Average Client AUM" },
  },
  contact: {
    email: "contact@wealthmatch.com",
    phone: "+1 (212) 555-0147",
    city: "New York, NY",
  },
  support: {
    email: "support@wealthmatch.com",
    phone: "+1 (212) 555-0148",
  },
  supportHours: {
    weekdays: "Monday - Friday: 9:00 AM - 6:00 PM EST",
    saturday: "Saturday: 10:00 AM - 2:00 PM EST",
    sunday: "Sunday: Closed",
  },
};
