/** What every answer to a fuzzed request must satisfy, and how a failure is reported. */
import type { FuzzCase } from './requests.ts';

export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Signs of internals in a body: a stack frame, a source or system path, SQL, a driver error. */
const LEAKS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a stack trace', pattern: /\n\s+at \S|\bat (?:async )?[\w.<>]+ \([^)]*:\d+:\d+\)/ },
  {
    what: 'a file path',
    pattern: /(?:\/(?:home|work|usr|tmp|root|srv|var|app)\/[\w.-]|node_modules|\.(?:ts|js|mjs):\d+)/,
  },
  {
    what: 'SQL',
    pattern: /\bselect\b[\s\S]{0,300}\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate \w+ set\b/i,
  },
  {
    what: 'a database error',
    pattern:
      /syntax error at|violates [\w ]*constraint|relation "|column "|SQLSTATE|duplicate key|invalid byte sequence|unsupported Unicode escape/i,
  },
];

function isErrorShape(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== 'object' || Object.keys(parsed).join() !== 'error') return false;
    const error = (parsed as { error: unknown }).error;
    if (error === null || typeof error !== 'object') return false;
    const { code, message } = error as Record<string, unknown>;
    return (
      Object.keys(error).sort().join() === 'code,message' &&
      typeof code === 'string' &&
      typeof message === 'string'
    );
  } catch {
    return false;
  }
}

function errorCodeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
}

/** Everything wrong with the answer; empty when it is fine. */
export function problemsWith(fuzzCase: FuzzCase, response: FuzzResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  // 501 not_implemented is oEmbed's own answer to a size or format it cannot give (a valid
  // `maxwidth= 5 ` reads as 5): a deliberate refusal in the one error shape, not a failure.
  const declinedByOembed = status === 501 && errorCodeOf(response.body) === 'not_implemented';
  if (status >= 500 && !declinedByOembed) problems.push(`answered ${status}`);
  if (fuzzCase.mustRefuse !== undefined && (status < 400 || status >= 500)) {
    problems.push(`must be refused with a 4xx (${fuzzCase.mustRefuse}) but answered ${status}`);
  }
  if (status >= 400 && !isErrorShape(response.body)) {
    problems.push('the error is not { error: { code, message } }');
  }
  for (const leak of LEAKS) {
    const match = leak.pattern.exec(response.body);
    if (match) problems.push(`the body shows ${leak.what}: …${match[0].slice(0, 80)}…`);
  }
  return problems;
}

const shorten = (text: string, max = 300) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;

/** A failure as a reader can act on it: the operation, the request, the answer, the server log. */
export function describeFailure(
  fuzzCase: FuzzCase,
  caller: string,
  response: FuzzResponse,
  problems: string[],
  serverLog: string[],
): string {
  const payload =
    fuzzCase.payload === undefined
      ? ''
      : `\n  body (${fuzzCase.contentType ?? 'no content type'}): ${shorten(JSON.stringify(fuzzCase.payload.toString()))}`;
  const log = serverLog.map((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
      return `${entry.msg ?? ''}: ${shorten(entry.err?.stack ?? entry.err?.message ?? '', 600)}`;
    } catch {
      return shorten(line, 600);
    }
  });
  return [
    `${fuzzCase.operation} (${caller}) — ${fuzzCase.mutation}`,
    `  ${problems.join('; ')}`,
    `  request: ${fuzzCase.method} ${shorten(fuzzCase.url, 200)}${payload}`,
    `  answer: ${response.statusCode} ${shorten(response.body)}`,
    ...(log.length > 0 ? [`  server log: ${log.join('\n    ')}`] : []),
  ].join('\n');
}
