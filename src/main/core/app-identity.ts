/** Kept in step with package.json by test/main/core/app-identity.test.ts. */
export const APP_NAME = 'MCP Desk'
export const APP_VERSION = '0.1.0'
