import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/users/password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one; never stores the password", async () => {
    const hash = await hashPassword("Passw0rdX");
    expect(hash).toMatch(/^\$2[aby]\$/);
    expect(hash).not.toContain("Passw0rdX");
    expect(await verifyPassword("Passw0rdX", hash)).toBe(true);
    expect(await verifyPassword("Passw0rdx", hash)).toBe(false);
  });

  it("counts bytes past bcrypt's 72: passwords equal for 80 bytes and different after are different", async () => {
    const common = "Ab1".repeat(27).slice(0, 80);
    const first = `${common}-first`;
    const second = `${common}-second`;
    expect(Buffer.byteLength(common)).toBe(80);
    const hash = await hashPassword(first);
    expect(await verifyPassword(first, hash)).toBe(true);
    expect(await verifyPassword(second, hash)).toBe(false);
  });

  it("counts multi-byte characters too", async () => {
    const common = "é".repeat(40); // 80 bytes
    const hash = await hashPassword(`${common}a`);
    expect(await verifyPassword(`${common}b`, hash)).toBe(false);
  });

  it("salts: the same password hashes differently each time", async () => {
    expect(await hashPassword("Passw0rdX")).not.toBe(await hashPassword("Passw0rdX"));
  });

  it("the dummy check always says no", async () => {
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });
});
