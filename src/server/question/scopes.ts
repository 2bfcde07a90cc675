/** Which questions a caller works on, per area: bms the platform, edms and no prefix the teacher's organization, oj the learner's. */
import type { Auth } from '../http/sessions.ts';
import type { QuestionScope } from './store.ts';

export const platformScope = (auth: Auth): QuestionScope => ({
  kind: 'platform',
  memberId: auth.memberId,
});

export const teacherScope = (auth: Auth): QuestionScope => ({
  kind: 'organization',
  organizationId: auth.organizationId,
  memberId: auth.memberId,
});

export const learnerScope = (auth: Auth): QuestionScope => ({
  kind: 'learner',
  organizationId: auth.organizationId,
});
