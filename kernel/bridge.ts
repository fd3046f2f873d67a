// INTERFACE ONLY for now. The app lives in a native webview; this is all it asks of the native side.
export interface StorePurchase {
  productId: string
  orderCode: string
}

export interface NativeBridge {
  /** app id the native shell reports, if any */
  appId(): string | null
  closeWebview(): void
  openExternal(url: string): void
  /** buy an app-store item; resolves with the store receipt or rejects when cancelled */
  purchase(p: StorePurchase): Promise<{ receipt: string }>
}
