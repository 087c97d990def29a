/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteIds } from '../../../platform/apps.cjs';
import { repoRoot } from '../../stack/paths.cjs';
import { releasedTypesConfig } from '../shell-typecheck.cjs';

const typesDir = '/released/@mf-types';

describe("the shell's type check against released types", () => {
  it('reads every remote from its released declarations, and nothing from its sources', () => {
    const { compilerOptions } = releasedTypesConfig(
      path.join(repoRoot, 'shell', 'tsconfig.json'),
      typesDir,
      remoteIds,
    );
    for (const app of remoteIds)
      expect(compilerOptions.paths[`${app}/*`]).toEqual([path.join(typesDir, app, '*')]);
    const targets = Object.values(compilerOptions.paths).flat();
    for (const app of remoteIds)
      expect(targets.filter((to) => to.startsWith(path.join(repoRoot, app)))).toEqual([]);
  });

  it("keeps every other alias of the shell's config, its own or inherited, made absolute", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-typecheck-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'tsconfig.base.json'),
        JSON.stringify({
          compilerOptions: {
            paths: {
              '@firstday/router': ['./federation/router/router.tsx'],
              '@firstday/added-later': ['./platform/added-later.ts'],
              'remote-home/*': ['./remote-home/src/exposes/*'],
            },
          },
        }),
      );
      fs.mkdirSync(path.join(dir, 'shell'));
      fs.writeFileSync(
        path.join(dir, 'shell', 'tsconfig.json'),
        JSON.stringify({ extends: '../tsconfig.base.json', include: ['src'] }),
      );
      const config = releasedTypesConfig(path.join(dir, 'shell', 'tsconfig.json'), typesDir, [
        'remote-home',
      ]);
      expect(config.compilerOptions.paths).toEqual({
        '@firstday/router': [path.join(dir, 'federation/router/router.tsx')],
        '@firstday/added-later': [path.join(dir, 'platform/added-later.ts')],
        'remote-home/*': [path.join(typesDir, 'remote-home', '*')],
      });
      expect(config.include).toEqual([path.join(dir, 'shell', 'src')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
