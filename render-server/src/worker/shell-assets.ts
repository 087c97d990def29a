import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';

/**
 * What the shell's browser build puts on every page, read from its own index.html (the
 * client-rendered fallback page, which names main.js and the chunks it starts with) and its
 * stylesheets.
 */
export async function readShellAssets(staticDir: string): Promise<ShellAssets> {
  const html = await readFile(path.join(staticDir, 'index.html'), 'utf8');
  // The page is minified: attribute values may come without quotes.
  const value = `(?:"([^"]*)"|([^\\s>"]+))`;
  const attributes = (tag: string, filter: string, name: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b(?=[^>]*${filter})[^>]*\\b${name}=${value}`, 'g'))].map(
      (match) => match[1] ?? match[2] ?? '',
    );
  const files = await readdir(staticDir);
  const styles = await Promise.all(
    files
      .filter((file) => file.endsWith('.css'))
      .sort()
      .map(async (file) => ({
        href: `/${file}`,
        css: await readFile(path.join(staticDir, file), 'utf8'),
      })),
  );
  return {
    scripts: attributes('script', 'src=', 'src'),
    preloads: attributes('link', 'rel="?preload', 'href'),
    styles,
    icon: /<link\b[^>]*\brel="?icon\b[^>]*>/.exec(html)?.[0] ?? '',
  };
}
