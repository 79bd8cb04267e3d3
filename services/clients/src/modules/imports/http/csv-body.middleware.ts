import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { IMPORTS_CONFIG, type ImportsConfig } from '../imports.config.js';

/** CSV uploads arrive with these types (browsers label .csv files variously). */
export const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'];

/**
 * A raw body parser for POST /api/client-imports only: the service's global parser takes
 * JSON up to 2 MB, an import file is CSV up to IMPORT_MAX_FILE_MB.
 */
@Injectable()
export class CsvBodyMiddleware implements NestMiddleware {
  private readonly parser: ReturnType<typeof express.raw>;

  constructor(@Inject(IMPORTS_CONFIG) config: ImportsConfig) {
    // Raw bytes: the use-case decodes them (UTF-8, or Windows-1252 as older Excel saves CSV).
    this.parser = express.raw({ type: CSV_TYPES, limit: config.IMPORT_MAX_FILE_MB * 1024 * 1024 });
  }

  use(req: Request, res: Response, next: NextFunction) {
    this.parser(req, res, next);
  }
}
