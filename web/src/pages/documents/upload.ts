import { ApiError, authHeaders, errorMessageFrom } from '../../lib/api-client';

/** Sends a file as the request body (the documents service sniffs what it is; the name is only a label). */
export async function apiRequestRaw<T = unknown>(path: string, file: Blob): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json', ...authHeaders() },
    credentials: 'include',
    body: file,
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(errorMessageFrom(body, res.statusText, res.status), res.status, body, res.statusText);
  return body as T;
}
