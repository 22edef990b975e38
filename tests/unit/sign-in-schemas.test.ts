import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoginSchema } from "~/features/auth/login-schema";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/features/auth/password-reset-schema";

/** Field errors of a parse (a successful one has none). */
const errs = (s: unknown) => (s as { error?: Record<string, string[] | null> | null }).error ?? {};

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

describe("LoginSchema (as the form and the action parse it)", () => {
  it("accepts an e-mail and any non-empty password, trims and lower-cases the e-mail, reads the checkbox", () => {
    const s = parseWithZod(form({ email: "  Ada@Example.COM ", password: "x", remember: "on", redirectTo: "/blog" }), { schema: LoginSchema });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ email: "ada@example.com", password: "x", remember: true, redirectTo: "/blog" });
  });

  it("treats an unticked 'Remember me' as not remembered", () => {
    const s = parseWithZod(form({ email: "a@b.co", password: "x" }), { schema: LoginSchema });
    expect(s.status === "success" && s.value.remember).toBeFalsy();
  });

  it("gives the spec's messages under each field", () => {
    const empty = parseWithZod(form({ email: "", password: "" }), { schema: LoginSchema });
    expect(empty.status).toBe("error");
    expect(errs(empty).email).toEqual(["Please enter a valid email address"]);
    expect(errs(empty).password).toEqual(["Password is required"]);
    const bad = parseWithZod(form({ email: "not-an-email", password: "p" }), { schema: LoginSchema });
    expect(errs(bad).email).toEqual(["Please enter a valid email address"]);
    const long = parseWithZod(form({ email: `${"a".repeat(250)}@b.co`, password: "p" }), { schema: LoginSchema });
    expect(errs(long).email).toContain("Email must be less than 254 characters");
  });

  it("does not apply the new-password rules at sign-in (old accounts may have other passwords)", () => {
    expect(parseWithZod(form({ email: "a@b.co", password: "short" }), { schema: LoginSchema }).status).toBe("success");
  });
});

describe("ForgotPasswordSchema", () => {
  it("needs a valid address", () => {
    expect(errs(parseWithZod(form({ email: "nope" }), { schema: ForgotPasswordSchema })).email).toEqual(["Please enter a valid email address"]);
    const ok = parseWithZod(form({ email: " Z@Example.com " }), { schema: ForgotPasswordSchema });
    expect(ok.status === "success" && ok.value.email).toBe("z@example.com");
  });
});

describe("ResetPasswordSchema", () => {
  const base = { token: "t".repeat(43) };

  it("accepts a strong password confirmed twice", () => {
    expect(parseWithZod(form({ ...base, password: "Passw0rdX", confirmPassword: "Passw0rdX" }), { schema: ResetPasswordSchema }).status).toBe("success");
  });

  it("applies the account password rules with the spec's messages", () => {
    const short = parseWithZod(form({ ...base, password: "Ab1", confirmPassword: "Ab1" }), { schema: ResetPasswordSchema });
    expect(errs(short).password).toContain("Password must be at least 8 characters long");
    const long = "Aa1".repeat(43);
    expect(errs(parseWithZod(form({ ...base, password: long, confirmPassword: long }), { schema: ResetPasswordSchema })).password).toContain(
      "Password must be less than 128 characters",
    );
    const weak = parseWithZod(form({ ...base, password: "alllowercase", confirmPassword: "alllowercase" }), { schema: ResetPasswordSchema });
    expect(errs(weak).password).toEqual(
      expect.arrayContaining(["Password must contain at least one uppercase letter", "Password must contain at least one number"]),
    );
  });

  it("reports a mismatch on confirmPassword as 'Passwords do not match'", () => {
    const s = parseWithZod(form({ ...base, password: "Passw0rdX", confirmPassword: "Passw0rdY" }), { schema: ResetPasswordSchema });
    expect(errs(s).confirmPassword).toEqual(["Passwords do not match"]);
    expect(errs(s).password).toBeUndefined();
  });

  it("refuses a missing token", () => {
    const s = parseWithZod(form({ password: "Passw0rdX", confirmPassword: "Passw0rdX" }), { schema: ResetPasswordSchema });
    expect(s.status).toBe("error");
    expect(errs(s).token).toBeTruthy();
  });
});
