import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals } from "~/platform/schema";
import { createRegistration } from "~/features/registration/create-registration.server";
import { RegistrationSchema, type ProfessionalRegistration } from "~/features/registration/registration-schema";
import { stepAt } from "~/features/registration/steps";
import { answersToFormData, withPostedAnswers, readWizardState } from "~/features/registration/wizard-state.server";
import { getRequest } from "./helpers";
import { uniqueEmail } from "./support/auth-requests";

const base = (email: string): ProfessionalRegistration => ({
  userType: "professional",
  firstName: "Grace",
  lastName: "Hopper",
  email,
  password: "Passw0rdX",
  confirmPassword: "Passw0rdX",
  dateOfBirth: "1970-01-01",
  agreeTerms: true,
  companyName: "Independent",
  experienceYears: "6-10",
});

const channelsOf = async (userId: string) =>
  (await db().select({ c: professionals.communication }).from(professionals).where(eq(professionals.userId, userId)).limit(1))[0]?.c;

describe("a professional's communication channels", () => {
  it("the wizard's communication step takes several, as a plain form posts them, and matching reads them all", async () => {
    const step = stepAt("professional", 8);
    expect(step.fields).toContain("communicationChannels");
    const posted = new FormData();
    posted.append("communicationChannels", "phone");
    posted.append("communicationChannels", "video");
    posted.append("communicationChannels", "email");
    const state = withPostedAnswers(readWizardState(getRequest("/register")), step.fields, posted);
    expect(state.answers.communicationChannels).toEqual(["phone", "video", "email"]);

    const form = answersToFormData({ ...state.answers });
    expect(form.getAll("communicationChannels")).toEqual(["phone", "video", "email"]);
    const parsed = RegistrationSchema.safeParse({ ...base(uniqueEmail("channels")), communicationChannels: ["phone", "video", "email"] });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const result = await createRegistration(parsed.data);
    if (!result.ok) throw new Error("expected creation");
    expect(await channelsOf(result.userId)).toEqual(["phone", "video", "email"]);
  });

  it("refuses a channel that is not on the list", () => {
    const parsed = RegistrationSchema.safeParse({ ...base(uniqueEmail("channels-bad")), communicationChannels: ["phone", "carrier-pigeon"] });
    expect(parsed.success).toBe(false);
  });

  it("a registration begun with the single choice still lists that one channel", async () => {
    const result = await createRegistration({ ...base(uniqueEmail("channels-old")), preferredCommunication: "video" });
    if (!result.ok) throw new Error("expected creation");
    expect(await channelsOf(result.userId)).toEqual(["video"]);
  });
});
