export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ShownToast extends ToastOptions {
  /** A new id per toast, so the viewport restarts its countdown even when the same text is shown twice. */
  id: number;
}

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ShownToast | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Spec section 4: one toast at a time; a new one replaces the one on screen. */
export function toast(options: ToastOptions): void {
  publish({ ...options, id: nextId++ });
}

/** Closes the toast on screen; with an id, only if that toast is still the one shown. */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  publish(null);
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ShownToast | null {
  return current;
}
