import { z } from "zod";
import { isTimeZone } from "./slots";

/** The account field rules, one set shared by registration, sign-in, reset and the CLI, so they cannot drift apart. */
export const emailField = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Email must be less than 254 characters")
  .pipe(z.email("Please enter a valid email address"));

export const newPasswordField = z
  .string({ message: "Password is required" })
  .min(8, "Password must be at least 8 characters long")
  .max(128, "Password must be less than 128 characters")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[0-9]/, "Password must contain at least one number");

/** Sign-in only checks presence: the rules apply when a password is chosen, not when it is typed in. */
export const currentPasswordField = z
  .string({ message: "Password is required" })
  .min(1, "Password is required")
  .max(1024, "Password is required");

/** A name field whose messages say which name it is ("First name is required"), since forms ask for two side by side. */
export const namedField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be less than 50 characters`)
    .regex(/^[\p{L}\s'-]+$/u, `${label} can only contain letters, spaces, hyphens, and apostrophes`);

export const nameField = namedField("Name");
export const firstNameField = namedField("First name");
export const lastNameField = namedField("Last name");

export const phoneField = z
  .string()
  .trim()
  .max(20, "Phone number must be less than 20 characters")
  .regex(/^[+()\d\s.-]*$/, "Please enter a valid phone number");

/** A value from one of the domain's option lists, and several of them without repeats beyond the list's size. */
export const FROM_LIST = "Please choose from the list";
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string = FROM_LIST) =>
  z.enum(values, { message });

export const several = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.array(choice(values)).max(values.length, FROM_LIST);

/**
 * A time zone from a select (or the browser's, sent by JavaScript): every name Intl knows passes, a retired
 * alias included; the server stores it under its current name (app/domain/time-zones.ts, decision 056).
 */
export const timeZoneField = z
  .string({ error: "Choose your time zone." })
  .trim()
  .min(1, "Choose your time zone.")
  .refine(isTimeZone, "Choose your time zone from the list.");
