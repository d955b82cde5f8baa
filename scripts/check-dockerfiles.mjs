// The Dockerfiles, checked without an engine (part of `npm run lint`, through scripts/check-deploy.mjs).
// Each file is parsed with dockerfile-ast and its stages followed in order: what each stage holds is the
// union of its parent stage's paths and the destinations of its COPY lines (a `COPY --from=<stage>`
// brings that stage's paths under the source). Checked:
// - every `node` base image (FROM and COPY --from) is the Node.js major CI runs (NODE_MAJOR of .ci/run),
//   and every other base image names a tag other than `latest`;
// - every COPY source of the build context exists in the repository and is not left out by
//   .dockerignore; every COPY --from stage exists above it;
// - the stage that runs `npm ci` has the manifest of every workspace of the root package.json (npm ci
//   refuses a lockfile whose workspaces are missing);
// - each deployable target (TARGETS) holds the package.json and dist/ of its workspace and of every
//   workspace it depends on (dependencies of the package.json files, followed), the build stage copies
//   and builds those, and the target sets MALLOC_ARENA_MAX=2;
// - the models (inference/models) are in a target exactly when its workspace depends on the inference
//   library: needed and missing is an error, carried without the dependency is an error too (the API's
//   image must not carry them), and so are other inference/ paths in such an image.
// Not checked (needs an engine): that the base tags exist, what RUN lines produce, file ownership.
// @ts-check
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { DockerfileParser } from 'dockerfile-ast';

/** Build target → the workspace it deploys. */
/** @type {Record<string, string>} */
const TARGETS = { backend: 'backend', inference: 'inference', 'inference-gpu': 'inference' };
const MODELS = 'inference/models';
const INFERENCE_PACKAGE = '@mememint/inference';

/**
 * The Dockerfiles of the repository (Dockerfile, Dockerfile.*, *.Dockerfile), outside node_modules.
 * @param {string} root
 * @param {string} [dir]
 * @returns {string[]}
 */
function findDockerfiles(root, dir = root) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', 'dist', '.data'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findDockerfiles(root, full));
    else if (/^Dockerfile(\..+)?$|\.Dockerfile$/.test(entry.name)) found.push(full);
  }
  return found;
}

/**
 * .dockerignore patterns as regular expressions over context-relative paths (`**`, `*`, `?`).
 * @param {string} root
 * @returns {RegExp[]}
 */
function dockerignore(root) {
  const file = path.join(root, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((pattern) => {
      const source = pattern
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .map((part) =>
          part === '**'
            ? '(?:.*/)?'
            : `${part
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replaceAll('*', '[^/]*')
                .replaceAll('?', '[^/]')}/`,
        )
        .join('');
      return new RegExp(`^${source.replace(/\/$/, '')}(?:/|$)`);
    });
}

/**
 * @typedef {{ name?: string, scripts?: Record<string, string>, dependencies?: Record<string, string>, workspaces?: string[] }} Manifest
 * @typedef {{ dir: string, manifest: Manifest }} Workspace
 */

/**
 * The root package.json's workspaces by package name.
 * @param {string} root
 * @returns {Map<string, Workspace>}
 */
function workspaces(root) {
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  /** @type {Map<string, Workspace>} */
  const byName = new Map();
  for (const dir of manifest.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    byName.set(JSON.parse(readFileSync(file, 'utf8')).name, {
      dir,
      manifest: JSON.parse(readFileSync(file, 'utf8')),
    });
  }
  return byName;
}

/**
 * A workspace and every workspace its dependencies (not devDependencies) name, followed.
 * @param {Map<string, Workspace>} byName
 * @param {string} dir
 * @returns {Set<string>}
 */
function workspaceClosure(byName, dir) {
  const byDir = new Map([...byName.values()].map((workspace) => [workspace.dir, workspace]));
  /** @type {Set<string>} */
  const needed = new Set();
  /** @param {string} workspaceDir */
  const visit = (workspaceDir) => {
    if (needed.has(workspaceDir)) return;
    needed.add(workspaceDir);
    for (const dependency of Object.keys(byDir.get(workspaceDir)?.manifest.dependencies ?? {})) {
      const workspace = byName.get(dependency);
      if (workspace) visit(workspace.dir);
    }
  };
  visit(dir);
  return needed;
}

const posixResolve = (/** @type {string} */ base, /** @type {string} */ target) =>
  path.posix.resolve(base, target);

/**
 * True when `paths` holds `target`, a folder above it, or something below it.
 * @param {Iterable<string>} paths
 * @param {string} target
 */
function holds(paths, target) {
  for (const held of paths) {
    if (held === target || target.startsWith(`${held}/`) || held.startsWith(`${target}/`)) return true;
  }
  return false;
}

/**
 * @typedef {object} Stage
 * @property {string | null} name
 * @property {number} line
 * @property {string | null} parent
 * @property {Set<string>} paths
 * @property {Map<string, string>} env
 * @property {string[]} runs
 * @property {string} workdir
 */

/**
 * Follows one Dockerfile's stages; returns them by name (and index) with the paths each holds, its
 * environment and its RUN lines.
 * @param {string} file
 * @param {string} root
 * @param {RegExp[]} ignored
 * @param {string | undefined} nodeMajor
 * @param {string[]} problems
 */
function readStages(file, root, ignored, nodeMajor, problems) {
  const label = path.relative(root, file);
  const dockerfile = DockerfileParser.parse(readFileSync(file, 'utf8'));
  /** @type {Stage[]} */
  const stages = [];
  /** @type {Map<string, Stage>} */
  const byName = new Map();
  /** @type {Stage | null} */
  let stage = null;
  /**
   * @param {string} image
   * @param {number} line
   */
  const checkImage = (image, line) => {
    const [name = '', tag = ''] = (image.split('@')[0] ?? '').split(':');
    if (/(^|\/)node$/.test(name)) {
      if (!new RegExp(`^${nodeMajor}(\\.|-|$)`).test(tag))
        problems.push(`${label}:${line}: ${image} is not Node.js ${nodeMajor} (the LTS CI runs, .ci/run)`);
    } else if (!tag || tag === 'latest') {
      problems.push(`${label}:${line}: ${image} names no pinned tag`);
    }
  };
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    const line = instruction.getRange().start.line + 1;
    const args = instruction.getArguments().map((argument) => argument.getValue());
    if (keyword === 'FROM') {
      const from = /** @type {import('dockerfile-ast').From} */ (instruction);
      const image = from.getImage() ?? '';
      const parent = byName.get(image);
      if (!parent) checkImage(image, line);
      /** @type {Stage} */
      const next = {
        name: from.getBuildStage(),
        line,
        parent: parent?.name ?? null,
        paths: new Set(parent?.paths ?? []),
        env: new Map(parent?.env ?? []),
        runs: [],
        workdir: parent?.workdir ?? '/',
      };
      stage = next;
      stages.push(next);
      byName.set(String(stages.length - 1), next);
      if (next.name) byName.set(next.name, next);
      continue;
    }
    if (!stage) continue;
    if (keyword === 'WORKDIR') stage.workdir = posixResolve(stage.workdir, args[0] ?? '');
    else if (keyword === 'ENV')
      for (const property of /** @type {import('dockerfile-ast').Env} */ (instruction).getProperties())
        stage.env.set(property.getName(), property.getValue() ?? '');
    else if (keyword === 'RUN') stage.runs.push(instruction.getRawArgumentsContent() ?? '');
    else if (keyword === 'COPY' || keyword === 'ADD') {
      const from =
        /** @type {import('dockerfile-ast').Copy} */ (instruction).getFromFlag?.()?.getValue() ?? null;
      const values = args.filter((value) => !value.startsWith('--'));
      const sources = values.slice(0, -1);
      const rawDestination = values.at(-1) ?? '';
      const destination = posixResolve(stage.workdir, rawDestination);
      const intoFolder = rawDestination.endsWith('/') || sources.length > 1;
      const source = from ? byName.get(from) : null;
      if (from && !source) {
        if (from.includes(':') || from.includes('/')) checkImage(from, line);
        else problems.push(`${label}:${line}: COPY --from=${from}: no such stage above`);
      }
      for (const sourcePath of sources) {
        const target = intoFolder
          ? path.posix.join(destination, path.posix.basename(sourcePath))
          : destination;
        if (!from) {
          const relative = path.posix.normalize(sourcePath).replace(/^\.?\/+/, '');
          if (!existsSync(path.join(root, relative)))
            problems.push(`${label}:${line}: COPY ${sourcePath}: not in the repository`);
          else if (ignored.some((pattern) => pattern.test(relative)))
            problems.push(
              `${label}:${line}: COPY ${sourcePath}: left out of the build context by .dockerignore`,
            );
          else if (statSync(path.join(root, relative)).isDirectory() || !intoFolder) stage.paths.add(target);
          else stage.paths.add(target);
        } else if (source) {
          const absolute = posixResolve('/', sourcePath);
          // What the source stage holds under the copied folder, moved to the destination.
          for (const held of source.paths) {
            if (held === absolute || held.startsWith(`${absolute}/`))
              stage.paths.add(path.posix.join(target, path.posix.relative(absolute, held)));
          }
          if (!holds(source.paths, absolute) && source.runs.length === 0)
            problems.push(
              `${label}:${line}: COPY --from=${from} ${sourcePath}: that stage has nothing there`,
            );
          stage.paths.add(target);
        } else {
          stage.paths.add(target);
        }
      }
    }
  }
  return { label, stages, byName };
}

/**
 * Checks every Dockerfile of the repository, adding what is wrong to `problems`.
 * @param {string} root
 * @param {string[]} problems
 */
export function checkDockerfiles(root, problems) {
  const ciRun = readFileSync(path.join(root, '.ci/run'), 'utf8');
  const nodeMajor = /^NODE_MAJOR=(\d+)/m.exec(ciRun)?.[1];
  if (!nodeMajor) problems.push('.ci/run: no NODE_MAJOR=<n> line (the Node.js major the images must use)');
  const ignored = dockerignore(root);
  const byPackage = workspaces(root);
  const files = findDockerfiles(root);
  for (const file of files) {
    const { label, stages, byName } = readStages(file, root, ignored, nodeMajor, problems);
    const app = (/** @type {Stage} */ stage) => (stage.workdir === '/' ? '/app' : stage.workdir);

    // npm ci needs every workspace's manifest beside the lockfile.
    for (const stage of stages.filter((candidate) => candidate.runs.some((run) => /\bnpm ci\b/.test(run)))) {
      const base = app(stage);
      for (const needed of [
        'package.json',
        'package-lock.json',
        ...[...byPackage.values()].map((w) => `${w.dir}/package.json`),
      ]) {
        if (!holds(stage.paths, `${base}/${needed}`))
          problems.push(`${label}: stage ${stage.name ?? stage.line} runs npm ci without ${needed}`);
      }
    }

    const buildStages = stages.filter((stage) => stage.runs.some((run) => /\bnpm run build\b/.test(run)));
    for (const [target, workspaceDir] of Object.entries(TARGETS)) {
      const stage = byName.get(target);
      if (!stage) {
        if (path.basename(file) === 'Dockerfile' && path.dirname(file) === root)
          problems.push(`${label}: no stage named ${target}`);
        continue;
      }
      const needed = workspaceClosure(byPackage, workspaceDir);
      for (const dir of needed) {
        for (const part of ['package.json', 'dist']) {
          if (!holds(stage.paths, `/app/${dir}/${part}`))
            problems.push(`${label}: target ${target} lacks ${dir}/${part} (${workspaceDir} depends on it)`);
        }
        const manifest = [...byPackage.values()].find((workspace) => workspace.dir === dir)?.manifest;
        for (const build of buildStages) {
          if (!holds(build.paths, `/app/${dir}/src`) && !holds(build.paths, `/app/${dir}`))
            problems.push(
              `${label}: build stage ${build.name} does not copy ${dir}/ (target ${target} needs it)`,
            );
          if (
            manifest?.scripts?.build &&
            !build.runs.some((run) => new RegExp(`-w ${dir}\\b|--workspace[= ]${dir}\\b`).test(run))
          )
            problems.push(
              `${label}: build stage ${build.name} does not build ${dir} (target ${target} needs it)`,
            );
        }
      }
      if (stage.env.get('MALLOC_ARENA_MAX') !== '2')
        problems.push(`${label}: target ${target} does not set MALLOC_ARENA_MAX=2`);
      const needsModels =
        needed.has('inference') ||
        [...needed].some((dir) =>
          Object.keys(
            [...byPackage.values()].find((w) => w.dir === dir)?.manifest.dependencies ?? {},
          ).includes(INFERENCE_PACKAGE),
        );
      const hasModels = holds(stage.paths, `/app/${MODELS}`);
      if (needsModels && !hasModels) problems.push(`${label}: target ${target} lacks ${MODELS}`);
      if (!needsModels) {
        if (hasModels)
          problems.push(
            `${label}: target ${target} carries ${MODELS}, though ${workspaceDir} no longer depends on ${INFERENCE_PACKAGE}`,
          );
        const extra = [...stage.paths].filter(
          (held) => held.startsWith('/app/inference/') && !held.startsWith(`/app/${MODELS}`),
        );
        if (extra.length)
          problems.push(
            `${label}: target ${target} still carries ${extra.join(', ')} (${workspaceDir} does not use ${INFERENCE_PACKAGE})`,
          );
      }
    }
    console.log(
      `${label}: ${stages.length} stages checked (Node.js ${nodeMajor} base images, COPY sources, workspaces per target)`,
    );
  }
  if (files.length === 0) problems.push('no Dockerfile found');
}
