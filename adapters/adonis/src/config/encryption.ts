import { defineConfig, drivers } from '@adonisjs/core/encryption'
import { appKey } from './app.js'

/** config/encryption.ts of the starter kits. */
export default defineConfig({
  default: 'gcm',
  list: { gcm: drivers.aes256gcm({ id: 'gcm', keys: [appKey] }) },
})
