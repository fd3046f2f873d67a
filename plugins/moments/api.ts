// Moments: public types of a feed item (d3 §3 Moments: friends-circle list items with id).
export interface Moment {
  id: number
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  /** text of the post; may be empty when it is pictures only */
  content: string
  images: string[]
  likeNum: number
  commentNum: number
  isLike: boolean
  /** ms since epoch */
  createTime: number
  /** the host's status when the server sends it (d1 §4 values: -1 live, 1 online, 2 busy, 3 offline) */
  onlineStatus?: number
}


/** A comment under a post (getComments rows). */
export interface MomentComment {
  id: number
  userId: number
  nickname: string
  icon: string
  /** shown as text only */
  content: string
  createTime: number
}
