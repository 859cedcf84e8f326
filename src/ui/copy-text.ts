import type { MessageId } from '@/lib/message-id';
import { showToast } from '@/lib/toast';

/** Copies text to the clipboard and says so; where the browser refuses, the person is asked to copy it by hand. */
export async function copyText(text: string, messages: { copied: MessageId; failed: MessageId }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ tone: 'success', messageId: messages.copied, lifeMs: 4000 });
  } catch {
    showToast({ tone: 'error', messageId: messages.failed, lifeMs: 8000 });
  }
}
