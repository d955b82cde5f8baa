import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { describe, expect, it } from '@jest/globals';

import { ENV_VARS } from '../src/config/env.js';

describe('configuration', () => {
  it('a bad variable stops start-up with a message naming it', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', '@swc-node/register/esm-register', 'src/main.ts'],
      {
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://127.0.0.1/x', PORT: 'eighty' },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be an integer from 0 to 65535');
  });

  it('README documents every environment variable', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const undocumented = Object.keys(ENV_VARS).filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
