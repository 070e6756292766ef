// The value of X-Fw-Exception (protocol §3.3): `{"class","message","file","line"}` as one line of
// printable ASCII JSON within 4096 bytes, the message shortened until it fits.
import { fileURLToPath } from 'node:url'
import * as path from 'node:path'

const MAX_BYTES = 4096
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export function exceptionHeader(error: unknown): string {
  const e = error instanceof Error ? error : undefined
  const frame = e ? /\n\s+at (?:.*? \()?(.+?):(\d+):\d+\)?$/m.exec(e.stack ?? '') : null
  const file = frame ? frame[1]!.replace(/^file:\/\//, '') : undefined
  const where = file !== undefined ? { file: path.isAbsolute(file) ? path.relative(ROOT, file) : file, line: Number(frame![2]) } : {}
  let message = e ? e.message : String(error)
  const value = () => JSON.stringify({ class: e ? e.constructor.name : typeof error, message, ...where })
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  let text = value()
  while (text.length > MAX_BYTES && message !== '') {
    message = message.length > 16 ? message.slice(0, Math.floor(message.length / 2)) : ''
    text = value()
  }
  return text
}
