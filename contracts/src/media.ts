const MEDIA_KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * Media keys are relative paths (`templates/<id>.jpg`) that the backend and the inference worker both
 * resolve under the shared media storage. A valid key has at most 8 plain-name segments: no `..`, no
 * absolute path, no hidden file.
 */
export function isValidMediaKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length <= 8 &&
    segments.every((segment) => MEDIA_KEY_SEGMENT.test(segment) && !segment.includes('..'))
  );
}
