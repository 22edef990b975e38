import { z } from "zod";
import { emailField, firstNameField, lastNameField } from "~/domain/fields";
import { INQUIRY_TYPES } from "~/domain/inquiry-types";

const MESSAGE_MIN = 10;
const MESSAGE_MAX = 1000;
const COMPANY_MAX = 100;

/**
 * The contact form, used by the form in the browser
 * and by the action on the server. Names follow the shared account name rule.
 */
export const ContactSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  company: z
    .string()
    .trim()
    .max(COMPANY_MAX, "Company name must be less than 100 characters")
    .optional(),
  inquiryType: z.enum(INQUIRY_TYPES, { message: "Please select an inquiry type" }),
  message: z
    .string({ message: "Message must be at least 10 characters long" })
    .trim()
    .min(MESSAGE_MIN, "Message must be at least 10 characters long")
    .max(MESSAGE_MAX, "Message must be less than 1000 characters"),
});

export type ContactInput = z.infer<typeof ContactSchema>;
