import { traceMiddleware } from './trace_middleware.js'

export default traceMiddleware('TraceA')
