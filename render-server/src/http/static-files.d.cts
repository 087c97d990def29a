import type http from 'node:http';

export interface StaticFilesOptions {
  readonly root: string;
  readonly setHeaders?: (res: http.ServerResponse, pathname: string) => void;
}

export function createStaticFiles(
  options: StaticFilesOptions,
): (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  next: () => void,
) => void;
