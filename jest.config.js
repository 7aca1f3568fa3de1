/** Jest, set up the way Gatsby's unit-testing guide describes (babel-preset-gatsby, a gatsby mock). */
const shared = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    "\\.(css)$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|svg|webp|avif|mp4|webm|woff2?)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "" },
}

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["<rootDir>/__tests__/unit/**/*.test.[jt]s?(x)"],
      testEnvironment: "<rootDir>/__tests__/support/jsdom-environment.js",
      testEnvironmentOptions: { url: "http://localhost/" },
      setupFiles: ["<rootDir>/loadershim.js"],
      setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
    },
    {
      ...shared,
      displayName: "browser",
      testMatch: ["<rootDir>/__tests__/browser/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
      globalSetup: "<rootDir>/__tests__/support/browser-setup.ts",
      globalTeardown: "<rootDir>/__tests__/support/browser-teardown.ts",
    },
    {
      ...shared,
      displayName: "graphiql",
      testMatch: ["<rootDir>/__tests__/graphiql/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
    {
      ...shared,
      displayName: "rebuild",
      testMatch: ["<rootDir>/__tests__/rebuild/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
    {
      ...shared,
      displayName: "cms",
      testMatch: ["<rootDir>/__tests__/cms/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
    {
      ...shared,
      displayName: "forms",
      testMatch: ["<rootDir>/__tests__/forms/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
    {
      ...shared,
      displayName: "server",
      testMatch: ["<rootDir>/__tests__/server/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
    {
      ...shared,
      displayName: "build",
      testMatch: ["<rootDir>/__tests__/build/**/*.test.[jt]s?(x)"],
      testEnvironment: "node",
    },
  ],
}
