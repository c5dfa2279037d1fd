/**
 * One log line per request (method, address, status, time) at `level`, instead of Fastify's
 * "incoming request" and "request completed" at info: quiet in development unless
 * LOG_LEVEL=debug, one JSON line each in production. Errors still log as errors.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  private readonly level: 'debug' | 'info';

  constructor(level: 'debug' | 'info') {
    super();
    this.level = level;
  }

  override incomingRequest(): void {
    // Said once, when the request is completed.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log[this.level](line, 'request');
  }
}
