/** The quests feature's public face: the quest list. */
export { QuestList } from './QuestList';
