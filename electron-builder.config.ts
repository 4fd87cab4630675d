import type { Configuration } from 'electron-builder'
import { afterPack } from './build/fuses'

/**
 * Installers for MCP Desk: `npm run dist` (electron-vite build, then electron-builder with this file).
 * What it needs is in README.md (Packaging); build/fuses.ts says which Electron fuses the hook flips.
 */
const config: Configuration = {
  appId: 'io.github.mcp-desk',
  productName: 'MCP Desk',
  copyright: 'MCP Desk contributors, MIT licence',
  directories: { output: 'dist', buildResources: 'resources' },
  // The built app (out/: main, preload, renderer, the CLI and the embedding worker) and the tray icons
  // main.ts loads from resources/; electron-builder adds the production node_modules itself.
  files: ['out/**', 'package.json', 'resources/trayTemplate.png', 'resources/trayTemplate@2x.png'],
  asar: true,
  // Tool search's embedding worker and its model (WebAssembly and weight files read with fs) stay real
  // files beside app.asar; Electron still finds them through their app.asar paths.
  asarUnpack: ['out/main/embedding-worker.js', 'node_modules/@energetic-ai/**'],
  // mcp-desk:// install links open the app (Info.plist on macOS, the .desktop file on Linux, the
  // registry on Windows); main.ts hands them to the window as a preview.
  protocols: [{ name: 'MCP Desk link', schemes: ['mcp-desk'] }],
  afterPack,
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'Development',
    executableName: 'mcp-desk',
    synopsis: 'A desktop host for the Model Context Protocol',
  },
  deb: { maintainer: 'MCP Desk contributors' },
  mac: {
    target: ['dmg'],
    icon: 'resources/icon.icns',
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
  },
  dmg: { title: 'MCP Desk' },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
}

export default config
