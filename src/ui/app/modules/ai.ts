/**
 * The AI assistant: its help page, the member's conversations and the staff's prompts. Its
 * conversations are feature actors (ai-actors.ts), which mark the session list stale when a reply
 * ends.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { mustLogin, open, platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The member's conversations and the assistant's allowance (ai-queries.ts). */
export const aiSessionsTag = 'aiSessions';

const screens: readonly ScreenRoute[] = [
  {
    path: '/user/chatHistory',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.chatHistory', order: 90 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserChatHistory.tsx'), 'UserChatHistory'),
  },
  // The AI assistant's system prompts (issue 10).
  {
    path: '/admin/ai-prompts',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.aiPrompt.queryList',
    menu: { label: 'staffAi.menu', order: 190 },
    screen: lazyScreen(() => import('../../pages/admin/AiPrompts.tsx'), 'AdminAiPrompts'),
  },
  {
    path: '/help/ai-assistant',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/HelpAiAssistant.tsx'), 'HelpAiAssistant'),
  },
];

export const aiModule = defineClientModule({
  name: 'ai',
  rootActors: {},
  queryTags: { [aiSessionsTag]: [] },
  featureKinds: {
    aiChat: () => import('../../../machines/ai-chat/machine.ts').then((m) => m.aiChatMachine),
  },
  screens,
});
