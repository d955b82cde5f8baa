import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';

import type { INestApplication } from '@nestjs/common';
import type { Gender, MemeDto, TemplateDto, UserDto } from '@mememint/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { MediaStore } from '@mememint/media';

import type { AppConfig } from '../../src/config/app.config.js';
import { GenerationsRepository } from '../../src/generations/generations.repository.js';
import { MediaKeys } from '../../src/media/media-keys.js';
import type { Template } from '../../src/templates/entities/template.entity.js';
import { TemplatesRepository } from '../../src/templates/templates.repository.js';
import { loginAs, newTgId } from './telegram-login.js';

/** The project's labelled real photos (`<repo>/testdata/faces`, licences in its LICENSES.md). */
export const FACES_DIR = new URL('../../../testdata/faces/', import.meta.url);

export function photo(name: string): Buffer {
  return readFileSync(new URL(name, FACES_DIR));
}

export interface Player {
  tgId: number;
  token: string;
}

/**
 * A new player logged in through the API who has agreed to the face-photo note (`consent: false`: one
 * who has not, whose face photos answer 403 FACE_CONSENT_REQUIRED).
 */
export async function newPlayer(
  server: Server,
  config: AppConfig,
  options: { tgId?: number; startParam?: string; consent?: boolean } = {},
): Promise<Player> {
  const tgId = options.tgId ?? newTgId();
  const tokens = await loginAs(
    server,
    config,
    { id: tgId },
    options.startParam ? { startParam: options.startParam } : {},
  );
  const player = { tgId, token: tokens.jwtToken };
  if (options.consent !== false) await consentToFace(server, player);
  return player;
}

/** `POST /api/v1/users/face/consent/`: the player agrees to the face-photo note. */
export async function consentToFace(server: Server, player: Player): Promise<void> {
  await request(server).post('/api/v1/users/face/consent/').set(bearer(player)).expect(200);
}

export const bearer = (player: Player) => ({ Authorization: `Bearer ${player.token}` });

/** The player as the API shows them (`GET /api/v1/auth/me/`). */
export async function me(server: Server, player: Player): Promise<UserDto> {
  return (await request(server).get('/api/v1/auth/me/').set(bearer(player)).expect(200)).body as UserDto;
}

/** `POST /api/v1/memes/generations/` with these form fields and, when given, a new face photo. */
export function requestGeneration(
  server: Server,
  player: Player,
  fields: Record<string, string>,
  face?: Buffer,
): request.Test {
  const req = request(server).post('/api/v1/memes/generations/').set(bearer(player));
  for (const [name, value] of Object.entries(fields)) void req.field(name, value);
  return face ? req.attach('photo', face, 'face.jpg') : req;
}

export async function createTemplate(
  server: Server,
  admin: Player,
  image: Buffer,
  fields: {
    title: string;
    'titles[ru]'?: string;
    caption?: string;
    'captions[ru]'?: string;
    tags?: string;
    gender?: string;
    isPremium?: string;
  },
): Promise<TemplateDto> {
  const req = request(server).post('/api/v1/memes/generations/templates/').set(bearer(admin));
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) void req.field(name, value);
  const res = await req.attach('image', image, 'template.jpg');
  if (res.status !== 201)
    throw new Error(`template upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  const template = res.body as TemplateDto;
  // Stored disabled until an admin has seen its faces: enabled here, as the console does.
  const enabled = await request(server)
    .post(`/api/v1/admin/templates/${template.id}/enable/`)
    .set(bearer(admin));
  if (enabled.status !== 200)
    throw new Error(`template enable answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  return template;
}

export async function uploadMeme(
  server: Server,
  player: Player,
  image: Buffer,
  text?: string,
): Promise<MemeDto> {
  const req = request(server).post('/api/v1/memes/').set(bearer(player));
  if (text !== undefined) void req.field('text', text);
  const res = await req.attach('image', image, 'photo.jpg');
  if (res.status !== 201) throw new Error(`meme upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as MemeDto;
}

/** Downloads a media URL as the client would and returns the bytes and headers. */
export async function download(server: Server, url: string) {
  const res = await request(server)
    .get(url)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  return { status: res.status, headers: res.headers, body: res.body as Buffer };
}

/**
 * Gives a player a current face photo without the face check, for tests whose app runs no inference
 * worker (the check is the worker's analyse job): stored like a checked one, but with no analysis beside
 * it, so the swap analyses it itself.
 */
export async function seedFace(app: INestApplication, player: Player, image: Buffer): Promise<string> {
  const faceKey = MediaKeys.face(player.tgId, randomUUID());
  await app.get(MediaStore).write(faceKey, image);
  await app.get(GenerationsRepository).saveFaceKey(player.tgId, faceKey);
  return faceKey;
}

/**
 * A template as one added before analyses, for tests whose app runs no inference worker (adding one
 * through the API has the worker analyse it): stored and listed without faces and with no analysis
 * beside it, so the swap finds its faces itself.
 */
export async function seedTemplate(
  app: INestApplication,
  image: Buffer,
  fields: { title: string; caption?: string; tags?: string[]; gender?: Gender | null },
): Promise<Template> {
  const id = randomUUID();
  const keys = MediaKeys.template(id);
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const storage = app.get(MediaStore);
  await storage.write(keys.image, image);
  await storage.write(keys.thumbnail, await sharp(image).resize(512).webp().toBuffer());
  return app.get(TemplatesRepository).insert({
    id,
    title: fields.title,
    titles: {},
    caption: fields.caption ?? null,
    captions: {},
    tags: fields.tags ?? [],
    gender: fields.gender ?? null,
    isPremium: false,
    imageKey: keys.image,
    thumbnailKey: keys.thumbnail,
    width,
    height,
    faceCount: 1,
    faces: null,
    createdBy: null,
    // As the templates of before analyses were: listed (the migration enabled them).
    enabled: true,
  });
}
