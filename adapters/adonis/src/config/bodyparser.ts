import { defineConfig } from '@adonisjs/core/bodyparser'

/** config/bodyparser.ts of the starter kits: JSON, forms and multipart bodies on writes. */
export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
  json: { convertEmptyStringsToNull: true, types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report'] },
  multipart: { autoProcess: true, convertEmptyStringsToNull: true, processManually: [], limit: '20mb', types: ['multipart/form-data'] },
})
