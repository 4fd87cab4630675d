import Conf from 'conf'
import { StoreSettingsDocument } from './store-settings-document'

/** `<home>/settings.json` through `conf`, the library electron-store is built on (web mode and the CLI). */
export class ConfSettingsDocument extends StoreSettingsDocument {
  constructor(home: string) {
    super(home, (options) => new Conf({ ...options, configName: 'settings', projectName: 'mcp-desk' }))
  }
}
