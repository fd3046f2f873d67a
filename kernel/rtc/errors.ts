/** An RTC failure with a code in Agora's style ('NETWORK_ERROR', 'INVALID_REMOTE_USER', ...). */
export class RtcError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RtcError'
  }
}
