import type http from 'node:http';

export const allowedMethods: string;
export const maxUrlLength: number;
export function requestUrl(target: string): URL;
export function refuseUnservable(req: http.IncomingMessage, res: http.ServerResponse): boolean;
export function answerParserErrors(server: http.Server): void;
export function containErrors(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  log?: Pick<Console, 'error'>,
): (req: http.IncomingMessage, res: http.ServerResponse) => void;
