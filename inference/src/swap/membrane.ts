import { pushPull } from './harmonize.js';

/** A grid cell outside the domain (a Neumann boundary: the membrane is free there). */
export const OUTSIDE = 0;
/** A cell whose value is solved for. */
export const UNKNOWN = 1;
/** A cell whose value is given (a Dirichlet boundary). */
export const KNOWN = 2;

export interface MembraneOptions {
  /** Stop when the residual's norm falls below this fraction of the right-hand side's. */
  tolerance: number;
  maxIterations: number;
}

export interface Membrane {
  /** 3 channels per cell: the given values on known cells, the solution on unknown ones, 0 outside. */
  field: Float32Array;
  /** Conjugate-gradient iterations, the most any channel needed. */
  iterations: number;
}

const NEIGHBOURS = 4;

/**
 * The harmonic membrane through the known cells: Δu = 0 on the unknown cells (4-neighbour Laplacian),
 * u fixed on the known cells, zero normal derivative towards cells outside the domain. This is the
 * correction of a gradient-domain (Poisson) blend: the pasted face keeps its own gradients and takes the
 * target's values along its border. Solved per channel by conjugate gradients with a Jacobi
 * preconditioner, started from a push-pull fill of the known values (so tens of iterations suffice).
 * Returns null when a channel does not reach the tolerance within `maxIterations`.
 */
export function solveMembrane(
  values: Float32Array,
  kind: Uint8Array,
  width: number,
  height: number,
  options: MembraneOptions,
): Membrane | null {
  const cells = width * height;
  // Unknown cells, numbered; their domain neighbours (unknown: index, known: -1 - cell).
  const index = new Int32Array(cells).fill(-1);
  let count = 0;
  for (let c = 0; c < cells; c++) if (kind[c] === UNKNOWN) index[c] = count++;
  const cellOf = new Int32Array(count);
  for (let c = 0; c < cells; c++) if (index[c] >= 0) cellOf[index[c]] = c;
  const degree = new Float32Array(count);
  const links = new Int32Array(count * NEIGHBOURS).fill(-1);
  const knownLinks = new Int32Array(count * NEIGHBOURS).fill(-1);
  for (let i = 0; i < count; i++) {
    const c = cellOf[i];
    const x = c % width;
    const y = (c - x) / width;
    const around = [
      x > 0 ? c - 1 : -1,
      x + 1 < width ? c + 1 : -1,
      y > 0 ? c - width : -1,
      y + 1 < height ? c + width : -1,
    ];
    for (let k = 0; k < NEIGHBOURS; k++) {
      const n = around[k];
      if (n < 0 || kind[n] === OUTSIDE) continue;
      degree[i]++;
      if (kind[n] === UNKNOWN) links[i * NEIGHBOURS + k] = index[n];
      else knownLinks[i * NEIGHBOURS + k] = n;
    }
  }
  // Start: known values spread smoothly over the grid.
  const weights = new Float32Array(cells);
  for (let c = 0; c < cells; c++) if (kind[c] === KNOWN) weights[c] = 1;
  const start = pushPull(values, weights, width, height);
  const field = new Float32Array(cells * 3);
  for (let c = 0; c < cells; c++) {
    if (kind[c] === KNOWN) field.set(values.subarray(c * 3, c * 3 + 3), c * 3);
  }
  if (count === 0) return { field, iterations: 0 };

  const u = new Float64Array(count);
  const b = new Float64Array(count);
  const r = new Float64Array(count);
  const z = new Float64Array(count);
  const p = new Float64Array(count);
  const ap = new Float64Array(count);
  // The unknown neighbours of unknown i, in order: next[first[i]…first[i + 1]).
  const first = new Int32Array(count + 1);
  const next = new Int32Array(count * NEIGHBOURS);
  for (let i = 0, n = 0; i < count; i++) {
    first[i] = n;
    for (let k = i * NEIGHBOURS; k < i * NEIGHBOURS + NEIGHBOURS; k++)
      if (links[k] >= 0) next[n++] = links[k];
    first[i + 1] = n;
  }
  const multiply = (v: Float64Array, out: Float64Array) => {
    for (let i = 0; i < count; i++) {
      let sum = degree[i] * v[i];
      for (let k = first[i]; k < first[i + 1]; k++) sum -= v[next[k]];
      out[i] = sum;
    }
  };
  let iterations = 0;
  for (let channel = 0; channel < 3; channel++) {
    let bNorm = 0;
    for (let i = 0; i < count; i++) {
      let sum = 0;
      for (let k = i * NEIGHBOURS; k < i * NEIGHBOURS + NEIGHBOURS; k++)
        if (knownLinks[k] >= 0) sum += values[knownLinks[k] * 3 + channel];
      b[i] = sum;
      bNorm += sum * sum;
      u[i] = start[cellOf[i] * 3 + channel];
    }
    // A component without a known cell has b = 0 there: it keeps its start, which is what it should.
    const target = options.tolerance * Math.sqrt(bNorm || 1);
    multiply(u, ap);
    let rz = 0;
    for (let i = 0; i < count; i++) {
      r[i] = b[i] - ap[i];
      z[i] = degree[i] > 0 ? r[i] / degree[i] : 0;
      p[i] = z[i];
      rz += r[i] * z[i];
    }
    let converged = false;
    for (let iteration = 0; iteration <= options.maxIterations; iteration++) {
      let rNorm = 0;
      for (let i = 0; i < count; i++) rNorm += r[i] * r[i];
      if (Math.sqrt(rNorm) <= target) {
        converged = true;
        iterations = Math.max(iterations, iteration);
        break;
      }
      if (iteration === options.maxIterations) break;
      multiply(p, ap);
      let pAp = 0;
      for (let i = 0; i < count; i++) pAp += p[i] * ap[i];
      if (pAp <= 0) break;
      const alpha = rz / pAp;
      let rzNext = 0;
      for (let i = 0; i < count; i++) {
        u[i] += alpha * p[i];
        r[i] -= alpha * ap[i];
        z[i] = degree[i] > 0 ? r[i] / degree[i] : 0;
        rzNext += r[i] * z[i];
      }
      const beta = rzNext / rz;
      rz = rzNext;
      for (let i = 0; i < count; i++) p[i] = z[i] + beta * p[i];
    }
    if (!converged) return null;
    for (let i = 0; i < count; i++) field[cellOf[i] * 3 + channel] = u[i];
  }
  return { field, iterations };
}
