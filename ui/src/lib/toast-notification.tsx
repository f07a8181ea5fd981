import { notification } from 'antd';
import type { ToastOptions } from './toast.ts';

notification.config({ maxCount: 1, duration: 5, pauseOnHover: true, placement: 'bottomRight' });

// Spec section 4: Escape dismisses the toast.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') notification.destroy();
});

export function showToast({ title, description, variant = 'default' }: ToastOptions): void {
  const open = variant === 'destructive' ? notification.error : notification.success;
  open({ title, description, role: variant === 'destructive' ? 'alert' : 'status' });
}
