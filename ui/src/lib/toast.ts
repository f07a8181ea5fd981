export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * Spec section 4: one toast at a time, 5 s, paused while hovered.
 * antd's notification is loaded on first use so the landing page stays small.
 */
export function toast(options: ToastOptions): void {
  void import('./toast-notification.tsx').then(({ showToast }) => showToast(options));
}
