/** The operator console's public face: the whole console, for the lazily loaded `/admin` page. */
export { Console } from './Console';
