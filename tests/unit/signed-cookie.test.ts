import { createCookie, type Cookie } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { rememberingParses } from "~/platform/http/cookies.server";

const SECRET = "a-secret-of-thirty-two-characters-or-more";
const ID = "ab".repeat(32);

/** React Router's signed cookie, counting the signature checks it makes. */
function counted() {
  const real = createCookie("wm_session", { secrets: [SECRET], httpOnly: true });
  const parse = vi.fn((header: string | null) => real.parse(header));
  const cookie: Cookie = { name: real.name, isSigned: real.isSigned, expires: real.expires, serialize: (v, o) => real.serialize(v, o), parse };
  return { cookie: rememberingParses(cookie), parse, real };
}

const headerOf = (setCookie: string) => `${setCookie.split(";")[0]}; theme=dark`;

describe("a signed cookie read on every page view", () => {
  it("checks the signature of a header once and gives the same value after", async () => {
    const { cookie, parse } = counted();
    const header = headerOf(await cookie.serialize(ID));
    expect(await cookie.parse(header)).toBe(ID);
    expect(await cookie.parse(header)).toBe(ID);
    expect(await cookie.parse(header)).toBe(ID);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it("still refuses a forged signature, however often the genuine header was seen", async () => {
    const { cookie } = counted();
    const genuine = headerOf(await cookie.serialize(ID));
    await cookie.parse(genuine);
    const [pair] = genuine.split(";");
    const forgedValue = Buffer.from(JSON.stringify("cd".repeat(32))).toString("base64");
    const forged = `${pair!.slice(0, pair!.indexOf("=") + 1)}${forgedValue}.${pair!.split(".").pop()}`;
    expect(await cookie.parse(forged)).toBeNull();
    expect(await cookie.parse(forged)).toBeNull();
    expect(await cookie.parse(`${pair}x`)).toBeNull();
  });

  it("reads a cookie signed with another secret as invalid", async () => {
    const other = createCookie("wm_session", { secrets: ["another-secret-of-thirty-two-characters"] });
    const { cookie } = counted();
    expect(await cookie.parse(headerOf(await other.serialize(ID)))).toBeNull();
  });

  it("verifies long headers and object values every time, so none is shared between requests", async () => {
    const { cookie, parse } = counted();
    const long = `${headerOf(await cookie.serialize(ID))}; padding=${"x".repeat(1100)}`;
    expect(await cookie.parse(long)).toBe(ID);
    expect(await cookie.parse(long)).toBe(ID);
    const object = headerOf(await cookie.serialize({ kind: "success", message: "Saved" }));
    const first = await cookie.parse(object);
    const second = await cookie.parse(object);
    expect(second).toEqual({ kind: "success", message: "Saved" });
    expect(second).not.toBe(first);
    expect(parse).toHaveBeenCalledTimes(4);
  });

  it("passes serialize and the cookie's attributes through", async () => {
    const { cookie, real } = counted();
    expect(cookie.name).toBe("wm_session");
    expect(cookie.isSigned).toBe(true);
    expect(await cookie.parse(null)).toBeNull();
    expect(await real.parse(headerOf(await cookie.serialize(ID)))).toBe(ID);
  });
});
