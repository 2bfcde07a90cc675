/**
 * The lifecycle actions of spec 001 §4 and their verbs, zod-free: the contract's summaries, the
 * machines' refusals and the screens' buttons all say the same word for the same action.
 */
export type LifecycleAction = 'publish' | 'unpublish' | 'stop' | 'pass' | 'reject';

export const LIFECYCLE_ACTION_VERBS: Record<LifecycleAction, string> = {
  publish: '上架',
  unpublish: '下架',
  stop: '停止',
  pass: '审核通过',
  reject: '驳回',
};
