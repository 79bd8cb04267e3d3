import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationFailedError } from './app-errors.js';
import { toErrorResponse } from './error-response.js';

describe('toErrorResponse', () => {
  it('names the field of a validation error', () => {
    const r = toErrorResponse(ValidationFailedError.field('email', 'must be a valid e-mail address'));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'email: must be a valid e-mail address',
      details: [{ field: 'email', message: 'must be a valid e-mail address' }],
    });
  });
  it('maps domain errors to their status', () => {
    expect(toErrorResponse(new NotFoundError('User 1 not found'))).toMatchObject({ status: 404, body: { error: 'User 1 not found' } });
  });
  it('sets Retry-After on 429', () => {
    expect(toErrorResponse(new TooManyRequestsError('slow down', 42)).headers).toEqual({ 'Retry-After': '42' });
  });
  it('keeps Nest HTTP exceptions readable', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /x')).body).toEqual({ error: 'Cannot GET /x' });
    expect(toErrorResponse(new BadRequestException('Unexpected token } in JSON at position 3')).body.error).toBe(
      'The request body is not valid JSON',
    );
  });
  it('hides unexpected errors', () => {
    const r = toErrorResponse(new Error('db password is hunter2'));
    expect(r).toMatchObject({ status: 500, body: { error: 'Internal server error' }, unexpected: true });
  });
  it("carries a conflict's details and field", () => {
    const r = toErrorResponse(new ConflictError('Someone else changed this note', { id: 'n1', version: 3 }, 'version'));
    expect(r).toMatchObject({
      status: 409,
      body: { error: 'Someone else changed this note', details: { id: 'n1', version: 3 } },
      field: 'version',
    });
  });
  it("puts a refused claim's taken items and alternatives beside the error", () => {
    const r = toErrorResponse(
      new ConflictError('Dana Lee is already booked at 2:00 PM', undefined, null, { taken: [{ startsAt: 'x' }], alternatives: [] }),
    );
    expect(r).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      body: { error: 'Dana Lee is already booked at 2:00 PM', taken: [{ startsAt: 'x' }], alternatives: [] },
    });
    expect(Object.keys(r.body).sort()).toEqual(['alternatives', 'error', 'taken']);
  });
  it('turns a unique violation into a conflict', () => {
    expect(toErrorResponse({ code: '23505' }).status).toBe(409);
  });
  it('answers a value the database cannot hold (class 22, a CHECK) with a 400 naming the column when known; its own bugs stay 500', () => {
    expect(toErrorResponse({ code: '22003', severity: 'ERROR' })).toMatchObject({
      status: 400,
      code: 'BAD_USER_INPUT',
      body: { error: 'a number is out of range' },
      databaseRefusedInput: true,
    });
    expect(toErrorResponse({ code: '22001', severity: 'ERROR', column: 'name' })).toMatchObject({
      status: 400,
      field: 'name',
      body: { error: 'name: a text is longer than allowed', details: [{ field: 'name', message: 'a text is longer than allowed' }] },
    });
    expect(toErrorResponse({ code: '23514', severity: 'ERROR', constraint: 'services_price_minor_check' }).status).toBe(400);
    expect(toErrorResponse({ code: '22012', severity: 'ERROR' }).status).toBe(500);
    expect(toErrorResponse({ code: '42P01', severity: 'ERROR' }).status).toBe(500);
  });
});
