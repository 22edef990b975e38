export { testDb, getSetting, setSettingAt, auditEvents, type AuditRow } from "./db";
export { createUser, uniqueEmail, type Role, type TestUser } from "./users";
export { latestMailTo, mailsTo, waitForMailContaining, waitForMailTo, type Mail } from "./mail";
export { signIn, signInAsNew } from "./sign-in";
export { visitFromOwnAddress } from "./visitor";
export { startOwnServer, type OwnServer } from "./own-server";
export { registerClientThroughWizard, type WizardClient } from "./wizard";
export { startCachingProxy, freePort, type CachingProxy } from "./caching-proxy";
export { onPostgres, pgQuery, twoServers, withAdvisoryLock } from "./pg";
