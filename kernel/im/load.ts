// Picks the messaging adapter for this build's mode. Both adapters, and the SDK, arrive by
// dynamic import() so neither enters the first bundle.
import type { AppConfig } from '../config.ts'
import type { ImClient } from './types.ts'

export async function loadIm(config: AppConfig): Promise<ImClient> {
  if (config.mode === 'harness') {
    if (!config.imUrl) throw new Error('imUrl is missing from the app config (harness mode)')
    const { createHarnessIm } = await import('./harness.ts')
    return createHarnessIm({ url: config.imUrl })
  }
  const [{ createNimIm, nimFromModule }, esm] = await Promise.all([
    import('./nim.ts'),
    // the ESM build lets us register only the services we use (about 98 KB gz instead of the whole SDK)
    import('nim-web-sdk-ng/dist/esm/nim.js'),
  ])
  esm.setAdapters(esm.browserAdapters)
  esm.NIM.registerService(esm.V2NIMMessageService, 'V2NIMMessageService')
  esm.NIM.registerService(esm.V2NIMConversationService, 'V2NIMConversationService')
  // the message creator builds image messages only with the storage service present (else 191001)
  esm.NIM.registerService(esm.V2NIMStorageService, 'V2NIMStorageService')
  return createNimIm({ appKey: config.nimAppKey ?? '', sdk: nimFromModule(esm) })
}
