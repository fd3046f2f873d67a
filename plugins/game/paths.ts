// The game and free-coin calls' paths, apart from api.ts so the harness slice (fake.ts) needs no UI.
/** d3 §7 (the spec spells them "geme"), and the free-coin calls whose paths the spec leaves open */
export const GamePath = {
  halfList: '/api/half/geme/list',
  halfById: '/api/half/geme/getByGameId',
  fullList: '/api/full/geme/list',
  rank: '/api/full/geme/getRankList',
  recommend: '/api/full/geme/getRecommendList',
  recently: '/api/full/geme/getRecentlyList',
  pics: '/api/index/getAppGamePic',
  banners: '/api/index/getAppGameBannerPic',
} as const

export const FreePath = {
  tasks: '/api/free/taskList',
  sendCode: '/api/free/sendCode',
  verifyCode: '/api/free/verifyCode',
  submitReview: '/api/free/submitReview',
  status: '/api/free/taskStatus',
} as const

/** the harness's game provider (control entries, public): the games' pages and their spend call */
export const HarnessGame = {
  page: 'game/play',
  spend: 'game/spend',
  away: 'game/away',
} as const
