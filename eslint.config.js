// Flat config: `npm run lint`. JS and TS recommended rules, the rules of hooks, Node and browser globals.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers of app/ (docs/decisions/031-layers.md), lowest first. A module may import its own layer
// and the ones below, never one above; outside its own folder it imports through `~/`, so a path
// says which layer it reaches.
const LAYERS = [
  { name: "domain", files: ["app/domain/**"], may: ["domain"] },
  { name: "platform", files: ["app/platform/**", "app/fonts/**"], may: ["domain", "platform", "fonts", "app.css"] },
  { name: "features", files: ["app/features/**"], may: ["domain", "platform", "fonts", "features"] },
];
const upward = (may) => ({
  regex: `^~/(?!(${may.join("|")})(/|$|\\?))`,
  message: `An upward import: this layer may use ${may.join(", ")} (docs/decisions/031-layers.md).`,
});
// React Router's UNSAFE_ exports are its internals: an upgrade may change them without notice.
const routerInternals = {
  regex: "^react-router",
  importNamePattern: "^UNSAFE_",
  message: "Use React Router's public API (docs/decisions/069-public-apis-only.md).",
};
// Loaders get React Router's own Request, whose address may be a data request's (docs/decisions/050).
const requestAddress = {
  selector: "MemberExpression[property.name='url'][object.name='request'], MemberExpression[property.name='url'][object.property.name='request']",
  message: "Read the page's address with pageUrl(request) from ~/platform/http/page-url.server (docs/decisions/050-one-request-per-page.md).",
};
const sqliteOnly = {
  selector: "CallExpression[arguments.length=0][callee.property.name=/^(get|all|run)$/]",
  message: "SQLite-only: await the query instead (.get() → (await q.limit(1))[0]), so it runs on PostgreSQL too.",
};
const layerRules = LAYERS.map(({ files, may }) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          routerInternals,
          upward(may),
          { regex: "^\\.\\./", message: "Outside its own folder a module imports through ~/, so the layer it reaches shows." },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "uploads/",
      "test-results/",
      "playwright-report/",
      "drizzle/*/meta/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/routes/**", "app/*.ts", "app/*.tsx", "app/cli/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routerInternals, { regex: "^\\.\\./", message: "Outside its own folder a module imports through ~/." }] }] },
  },
  {
    // A route module stays thin: its loader and action call its feature's handlers, which reach the data.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            routerInternals,
            { regex: "^\\.\\./", message: "Outside its own folder a module imports through ~/." },
            { regex: "^~/platform/(db\\.server|schema)$", message: "A route module reaches the database through its feature's handlers (app/features/<feature>/<screen>.server.ts)." },
            { regex: "^drizzle-orm", message: "A route module reaches the database through its feature's handlers (app/features/<feature>/<screen>.server.ts)." },
          ],
        },
      ],
    },
  },
  ...layerRules,
  {
    // The data layer is asynchronous on both engines (docs/decisions/033-two-engines.md): a promise
    // left unawaited is a write that may be lost or an error nobody sees, and a promise in a condition is
    // always true. These rules read types, so they cover the TypeScript that the server runs.
    files: ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts", "server.ts", "tests/unit/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/await-thenable": "error",
      "no-restricted-syntax": ["error", sqliteOnly],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/platform/http/page-url.server.ts"],
    rules: { "no-restricted-syntax": ["error", sqliteOnly, requestAddress] },
  },
);
