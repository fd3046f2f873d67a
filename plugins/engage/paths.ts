// The engagement calls' paths, apart from api.ts so the harness slice (fake.ts) needs no UI.
/** d3 §7 (and the invitation, transfer and review calls whose paths the spec leaves open) */
export const EngagePath = {
  signinDetail: '/api/signin/v2/detail',
  signinPerform: '/api/signin/v2/perform',
  myCode: '/api/invite/getMyCode',
  transfer: '/api/invite/transferByCode',
  // d1 §7 Host invite code: the spec's two paths for query host by code and confirm host link
  queryHost: '/api/anchor/anchorInviteCodeInfo',
  linkHost: '/api/anchor/anchorInviteCode',
  queryEval: '/api/appstore/evaluation/record/queryForceEvaluationV2',
  goEval: '/api/appstore/evaluation/record/goEvaluation',
  popups: '/api/popup/mergeAllPopupV2',
  level: '/api/user/level/v2/userLevel',
} as const
