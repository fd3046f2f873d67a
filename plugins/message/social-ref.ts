// The plugin's own service handle for greetings, badge and do-not-disturb (not public).
import { ref } from '../../kernel/plugin.ts'
import type { Social } from './social.ts'

export const socialRef = ref<Social>('message.social')
