/** The API envelope of DESIGN §6: { _status, _messages, _data }. 1 success, -1 failure, 5 session expired. */
export type EnvelopeStatus = 1 | -1 | 5;

export interface Envelope<T = unknown> {
  _status: EnvelopeStatus;
  _messages: string[];
  _data: T;
}

function json(body: Envelope, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

export const envelope = {
  ok: <T>(data: T, headers?: Record<string, string>) => json({ _status: 1, _messages: [], _data: data }, 200, headers),
  fail: (messages: string[], httpStatus = 400, headers?: Record<string, string>) => json({ _status: -1, _messages: messages, _data: null }, httpStatus, headers),
  expired: (message = 'Your session has expired. Please log in again.') => json({ _status: 5, _messages: [message], _data: null }, 401, { 'cache-control': 'no-store' }),
};
