import { Application, type ApplicationOptions, type RouteFile } from '../src/foundation/Application';
import { silentLogger, type Logger } from '../src/foundation/Logger';
import { Request, type RequestInit } from '../src/http/Request';
import type { Response } from '../src/http/Response';

/** A logger that remembers what it was told, for asserting that 500s are logged. */
export function recordingLogger(): Logger & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    error(message: string, error?: unknown) {
      lines.push(`${message}${error instanceof Error ? `: ${error.message}` : ''}`);
    },
  };
}

/** An application with the given web routes and a silent logger. */
export function makeApp(web: RouteFile, options: ApplicationOptions = {}): Application {
  return new Application({ logger: silentLogger, ...options, web });
}

export interface Sent {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly text: string;
  readonly json: unknown;
  readonly response: Response;
}

/** Sends a request through Application.handle and decodes the answer. */
export async function send(
  app: Application,
  method: string,
  url: string,
  init: Omit<RequestInit, 'method' | 'url'> = {},
): Promise<Sent> {
  const response = await app.handle(Request.create(method, url, init));
  const text = response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) headers[name.toLowerCase()] = value;
  return { status: response.status, headers, text, json, response };
}

export function jsonBody(data: unknown): Omit<RequestInit, 'method' | 'url'> {
  return { body: JSON.stringify(data), headers: { 'content-type': 'application/json' } };
}

export function formBody(data: string): Omit<RequestInit, 'method' | 'url'> {
  return { body: data, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
