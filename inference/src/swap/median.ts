/**
 * The median of `values` as the sorted middle element (`sorted[length >> 1]`, 0 for none), found by
 * quickselect in O(n) instead of a sort: the same value a sort gives (a zero's sign aside). Reorders `values` (pass a copy).
 */
export function medianInPlace(values: Float32Array): number {
  const n = values.length;
  if (n === 0) return 0;
  const k = n >> 1;
  let low = 0;
  let high = n - 1;
  while (high > low) {
    // Median of three as the pivot; Hoare partition.
    const middle = (low + high) >> 1;
    const [a, b, c] = [values[low], values[middle], values[high]];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k];
  }
  return values[k];
}
