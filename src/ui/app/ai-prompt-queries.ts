/** The back office's read of the assistant's prompts (issue 10), keyed under `staff:`. */
import { ai as aiApi } from '../../contract/ai/refs.ts';
import type { AiScene } from '../../contract/ai/scenes.ts';
import type { CallResult } from '../../contract/call.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type StaffPromptPage = CallResult<(typeof aiApi)['bms.aiPrompt.queryList']>;

export function staffAiPrompts(
  runtime: Runtime,
  scene: AiScene | null,
  page: number,
): QueryDef<StaffPromptPage> {
  return staffQuery(runtime, pageKey(`aiPrompts:${scene ?? ''}`, page), () =>
    runtime.transport.call(aiApi['bms.aiPrompt.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: scene ? { scene } : {},
    }),
  );
}
