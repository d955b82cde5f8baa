import type { ChatMember, User } from '@grammyjs/types';

import { chatId, int, type Params } from './params.js';

export type ChatMemberStatus = ChatMember['status'];

export const MEMBER_STATUSES: readonly ChatMemberStatus[] = [
  'creator',
  'administrator',
  'member',
  'restricted',
  'left',
  'kicked',
];

function chatMember(user: User, status: ChatMemberStatus): ChatMember {
  switch (status) {
    case 'creator':
      return { status, user, is_anonymous: false };
    case 'administrator':
      return {
        status,
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: false,
        can_manage_video_chats: false,
        can_restrict_members: false,
        can_promote_members: false,
        can_change_info: false,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
      } as ChatMember;
    case 'restricted':
      return { status, user, is_member: true, until_date: 0 } as ChatMember;
    case 'kicked':
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
}

/** Who is in which chat, as a test or the mock environment set it (`left` unless set). */
export class ChatMembers {
  private readonly statuses = new Map<string, ChatMemberStatus>();

  set(chat: string | number, userId: number, status: ChatMemberStatus): void {
    this.statuses.set(`${chat}:${userId}`, status);
  }

  getChatMember(params: Params): ChatMember {
    const chat = chatId(params);
    const userId = int(params, 'user_id');
    const status = this.statuses.get(`${chat}:${userId}`) ?? 'left';
    return chatMember({ id: userId, is_bot: false, first_name: 'Player' }, status);
  }
}
