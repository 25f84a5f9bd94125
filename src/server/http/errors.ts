import '@tanstack/react-start/server-only';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { setResponseStatus } from '@tanstack/react-start/server';
import { AppError } from '@/lib/errors';
import { isDatabaseUnavailable } from '@/server/db/errors';
import { logger, serializeError } from '@/server/logger';
import { currentRequest } from './request-context.ts';

/**
 * What a server function's failure becomes on the wire (see src/middleware/errors.ts). Start sends a
 * thrown error inside a 200 unless told otherwise, so a call over HTTP gets the error's status; a call
 * made while rendering a page leaves the page's status alone.
 */
export function answerError(error: unknown, source: string): unknown {
  const answer = toAppError(error, source);
  if (answer instanceof AppError && currentRequest()?.handlerType === 'serverFn') {
    setResponseStatus(answer.status);
  }
  return answer;
}

export function toAppError(error: unknown, source: string): unknown {
  if (error instanceof AppError || isRedirect(error) || isNotFound(error) || error instanceof Response) {
    return error;
  }
  const requestId = currentRequest()?.id;
  if (isDatabaseUnavailable(error)) {
    logger.warn({ requestId, source, err: serializeError(error) }, 'database unavailable');
    return new AppError('SERVICE_UNAVAILABLE');
  }
  if (isValidationError(error)) return new AppError('VALIDATION_ERROR');
  logger.error({ requestId, source, err: serializeError(error) }, 'unexpected error');
  return new AppError('UNKNOWN_ERROR');
}

/**
 * A schema's refusal of a function's input. Start throws a plain Error whose message is the Standard
 * Schema issues as JSON; a schema parsed by hand throws a ZodError.
 */
function isValidationError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ZodError') return true;
  if (!error.message.startsWith('[')) return false;
  try {
    const issues: unknown = JSON.parse(error.message);
    return (
      Array.isArray(issues) &&
      issues.every((issue) => typeof issue === 'object' && issue && 'message' in issue)
    );
  } catch {
    return false;
  }
}
