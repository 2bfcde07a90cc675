/**
 * The lifecycle actions (docs/product-rules.md#lifecycle-actions) and their verbs, zod-free: the
 * contract's summaries, the machines' refusals and the screens' buttons all say the same word for
 * the same action.
 */
/** The actions of a reviewed or published resource: PUT `{id, reason?}` (resource.ts). */
export type ResourceLifecycleAction = 'publish' | 'unpublish' | 'stop' | 'pass' | 'reject';

export type LifecycleAction =
  | ResourceLifecycleAction
  | EnrollmentAction
  | SittingAction
  | PrizeAwardAction
  | BindingAction
  | MemberInvitationAction
  | 'submit';

/**
 * The actions of a parent's binding to a child (issue 25 item 11): the parent asks (`request`,
 * recorded as the row's first move), the child or their teacher confirms or refuses, the parent
 * withdraws a request (`cancel`), either side unbinds.
 */
export type BindingAction = 'request' | 'confirm' | 'refuse' | 'unbind';

/** The actions of an invitation to join an organization (issue 25 item 13: the learner's consent). */
export type MemberInvitationAction = 'acceptInvitation' | 'declineInvitation';

/** The actions of a prize a learner won (issue 10 item 2: collection and shipping). */
export type PrizeAwardAction = 'collect' | 'address' | 'ship';

/**
 * The actions of a learner's sitting of an exam paper (docs/product-rules.md#lifecycle-actions).
 */
export type SittingAction =
  'start' | 'complete' | 'judge' | 'settle' | 'rejudge' | 'publishResults';

/** The actions of an enrollment or order (docs/product-rules.md#lifecycle-actions). */
export type EnrollmentAction =
  | 'enroll'
  | 'pay'
  | 'setPaid'
  | 'cancel'
  | 'cancelEnrollOrder'
  | 'applyQuit'
  | 'passQuit'
  | 'rejectQuit'
  | 'finishQuit'
  | 'forceQuit'
  | 'refund';

export const LIFECYCLE_ACTION_VERBS: Record<LifecycleAction, string> = {
  publish: '上架',
  unpublish: '下架',
  stop: '停止',
  pass: '审核通过',
  reject: '驳回',
  enroll: '报名',
  pay: '支付',
  setPaid: '登记线下支付',
  cancel: '取消',
  cancelEnrollOrder: '取消报名订单',
  applyQuit: '申请退出',
  passQuit: '同意退出',
  rejectQuit: '驳回退出申请',
  finishQuit: '完成退出',
  forceQuit: '强制退出',
  refund: '退款',
  submit: '提交审核',
  start: '开始作答',
  complete: '交卷',
  judge: '评测',
  settle: '结算',
  rejudge: '重新评测',
  publishResults: '公布成绩',
  collect: '领取',
  address: '填写收货地址',
  ship: '发货',
  request: '申请绑定',
  confirm: '确认',
  refuse: '拒绝',
  unbind: '解除绑定',
  acceptInvitation: '接受邀请',
  declineInvitation: '拒绝邀请',
};
