/**
 * Every API error leaves as { error: { code, message } } with a code from the catalogue.
 */
import type { FastifyInstance, FastifyError } from 'fastify';
import { AutorefError, ErrorCatalogue, type ErrorCode } from '../../shared/errors';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AutorefError, _req, reply) => {
    let code: ErrorCode;
    if (err instanceof AutorefError) code = err.code;
    else if ((err as FastifyError).validation) code = 'AR_BAD_REQUEST';
    else if ((err as FastifyError).statusCode === 404) code = 'AR_NOT_FOUND';
    else if ((err as FastifyError).statusCode === 413) code = 'AR_BODY_TOO_LARGE';
    else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) code = 'AR_BAD_REQUEST';
    else code = 'AR_INTERNAL';
    const status = ErrorCatalogue[code].status;
    if (status >= 500) app.log.error(err);
    void reply.status(status).send({ error: { code, message: code === 'AR_INTERNAL' ? ErrorCatalogue[code].message : err.message } });
  });
  app.setNotFoundHandler((req, reply) => {
    void reply.status(404).send({ error: { code: 'AR_NOT_FOUND', message: `${req.method} ${req.url}: ${ErrorCatalogue.AR_NOT_FOUND.message}` } });
  });
}
