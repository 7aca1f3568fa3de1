/**
 * ESLint for every source file of the project: ESLint's and typescript-eslint's
 * recommended rules, React's rules of hooks for the site's components, and
 * the settings each kind of file needs. `npm run lint` (part of `npm test`).
 */
import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "scripts/audit/floor/public/",
      "scripts/audit/floor/.cache/",
      ".netlify/",
      "node_modules/",
      "screenshots/",
      "audit/",
      "var/",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // a leading underscore marks what is left out on purpose (a rest sibling's omitted keys, an unused parameter)
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "gatsby-browser.ts", "gatsby-ssr.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // code that runs in the browser
  {
    files: ["src/**/*.{ts,tsx,js}", "gatsby-browser.ts", "__tests__/unit/**", "__tests__/support/jsdom-environment.js", "jest.setup.ts", "loadershim.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  // the forms' core knows no framework or host (README, docs/forms.md): said here at once in the editor;
  // __tests__/unit/forms-core-boundary.test.ts also follows its imports through src/lib/
  {
    files: ["src/forms/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(gatsby|gatsby-[^/]+|@gatsbyjs/[^/]+|react|react-dom|@netlify/[^/]+|netlify|netlify-[^/]+)(/.*)?$",
              message: "src/forms/ is the forms' framework-free core; what needs a host's package goes in src/forms-hosts/.",
            },
            {
              group: ["**/forms-hosts", "**/forms-hosts/**", "**/components/**", "**/hooks/**", "**/api/**", "**/server/**", "**/pages/**", "**/templates/**"],
              message: "src/forms/ imports neither its hosts nor the browser's code; they import it.",
            },
          ],
        },
      ],
    },
  },
  // CommonJS: the webpack stand-ins and loader, jest's set-up, the Netlify rig's loopback preload
  {
    files: ["**/*.{js,cjs}"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.commonjs } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // tests load modules with require() where jest's module registry must give a fresh copy
  {
    files: ["__tests__/**", "__mocks__/**", "jest.setup.ts", "loadershim.js"],
    languageOptions: { globals: { ...globals.jest } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
)
