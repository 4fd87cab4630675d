import ElectronStore from 'electron-store'
import { StoreSettingsDocument } from '../core/config/store-settings-document'

/** `<home>/settings.json` through electron-store: the same file and engine web mode and the CLI use. */
export class ElectronSettingsDocument extends StoreSettingsDocument {
  constructor(home: string) {
    super(home, (options) => new ElectronStore({ ...options, name: 'settings' }))
  }
}
