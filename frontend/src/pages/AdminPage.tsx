import { Console } from '../features/admin';

/** `/admin/…`: the operator console (its own chunk; the router lets only admins in). */
export function AdminPage() {
  return <Console />;
}
