/** The squads feature's public face: the Choose squad list and a squad's page. */
export { SquadChooser } from './SquadChooser';
export { SquadView } from './SquadView';
