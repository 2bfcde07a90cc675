import { defineServerModule } from '../server-module.ts';
import { memberQuestionHandlers } from './handlers.ts';
import { memberWrongListHandlers } from './member-wrong-list.ts';
import { ojAliasHandlers } from './oj-aliases.ts';
import { platformAnswerHandlers } from './platform-handlers.ts';
import { teacherQueryHandlers } from './teacher-handlers.ts';

/** The /oj aliases answer with the handlers of the calls they alias (./oj-aliases.ts). */
export const memberQuestionModule = defineServerModule({
  name: 'member-question',
  handlers: [
    ...memberQuestionHandlers,
    ...teacherQueryHandlers,
    ...ojAliasHandlers([...memberQuestionHandlers, ...teacherQueryHandlers]),
    ...memberWrongListHandlers,
    ...platformAnswerHandlers,
  ],
});
