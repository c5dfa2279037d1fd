import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test/fake-api.ts';
import { ApiError, apiErrorFrom, apiRequest } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiErrorFrom', () => {
  it("reads the server's code and message", () => {
    const error = apiErrorFrom(409, JSON.stringify({ error: { code: 'conflict', message: 'Taken.' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message]).toEqual([409, 'conflict', 'Taken.']);
  });

  it.each([
    ['an empty body', ''],
    ['a proxy page', '<html>Bad gateway</html>'],
    ['JSON of another shape', JSON.stringify({ error: 'nope' })],
    ['a message without a code', JSON.stringify({ error: { message: 'Half.' } })],
  ])('falls back on %s', (_case, text) => {
    const error = apiErrorFrom(502, text);
    expect([error.status, error.code, error.message]).toEqual([
      502,
      'http_error',
      'The server answered 502.',
    ]);
    expect(apiErrorFrom(502, text, 'The upload failed.').message).toBe('The upload failed.');
  });
});

describe('apiRequest', () => {
  it('turns a failed answer into the ApiError the server described', async () => {
    installFakeApi({
      '/api/x': { status: 403, body: { error: { code: 'forbidden', message: 'Not yours.' } } },
    });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Not yours.',
    });
  });

  it('sends FormData as it is (multipart), JSON otherwise', async () => {
    const fetchMock = installFakeApi({ '/api/x': { status: 204 } });
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'x.jpg');
    await apiRequest('/api/x', { method: 'PUT', body: form });
    await apiRequest('/api/x', { method: 'POST', body: { a: 1 } });
    const [multipart, json] = fetchMock.mock.calls.map(([, init]) => init);
    expect(multipart?.body).toBe(form);
    expect(multipart?.headers).toEqual({ accept: 'application/json' });
    expect(json?.body).toBe('{"a":1}');
    expect(json?.headers).toEqual({ 'content-type': 'application/json' });
  });
});
