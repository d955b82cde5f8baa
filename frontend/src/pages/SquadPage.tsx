import { useCallback } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';

import { SquadView } from '../features/squads';
import { useBackButton } from '../ui/useBackButton';

/** /squads/:id: one squad (its members' board when it is the player's); Telegram's Back returns to the rating. */
export function SquadPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  useBackButton(useCallback(() => void navigate('/rating'), [navigate]));
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/rating" replace />;
  return <SquadView key={id} id={id} />;
}
