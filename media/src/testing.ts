import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

import { startSignatureCheck } from './sigv4-check.js';

/**
 * s3rver's fixed credentials. s3rver itself checks only the access key of a request; the proxy in front
 * of it checks the whole SigV4 signature against these, so a wrong secret fails as on S3.
 */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** MEDIA_STORE=s3 and the MEDIA_S3_* variables pointing at this server's bucket. */
  env: Record<string, string>;
  /** Every key stored in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) in this process, on a free port, storing in a temporary directory,
 * with one empty bucket, behind a proxy that verifies every request's SigV4 signature: what the tests
 * of the S3 media store run against. For tests only (s3rver is a development dependency).
 */
export async function startS3TestServer(bucket = 'mememint-media'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const check = await startSignatureCheck(`http://127.0.0.1:${port}`, {
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  });
  const endpoint = check.endpoint;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      MEDIA_S3_FORCE_PATH_STYLE: '1',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await check.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
